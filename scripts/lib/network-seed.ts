/**
 * `--seed network` of the screenshots script: gives the signed-in demo customer (phone flag and
 * demo credit already theirs, no operator needed) what the cloud network pages show, through the
 * API as a person would: a phone, an elastic IP left unallocated, a phone network with the phone
 * behind its address, a residential proxy on the phone, an own proxy, and the phone's proxy set.
 * Answers the phone's proxy settings link, which replaces `/proxySet` among the paths.
 */
import { client, until, type Listed } from './seed-client';

export async function seedNetwork(baseUrl: string, token: string): Promise<string> {
  const call = client(baseUrl, token);
  const [region] = await call<Array<{ id: number }>>('/api/ph/regions');
  const {
    phone_ids: [phoneId],
  } = await call<{ phone_ids: string[] }>('/api/user/ph/phone', 'POST', {
    region_id: region!.id,
    spec_id: 'ph.basic.2c4g',
    image_id: 'ph-img-android13',
    billing_method: 'subscription',
    period: 1,
    quantity: 1,
    name: 'shop-phone',
    auto_renew: false,
    agreed: true,
  });
  const eip = { region_id: region!.id, period: 1, quantity: 1, agreed: true };
  // Small bandwidths: the demo credit ($100, a desktop already bought) pays for all of it.
  await call('/api/user/ph/eip', 'POST', { ...eip, bandwidth: 2, name: 'spare-ip' });
  const { u_network_id: networkId } = await call<{ u_network_id: string }>(
    '/api/user/ph/ph_u_network/create',
    'POST',
    { name: 'tokyo-farm', region_id: region!.id, quota: 3, period: 1, auto_renew: true, agreed: true },
  );
  await until(
    () => call<Listed>('/api/user/ph/ph_u_network'),
    (page) => page.list.some((row) => row.u_network_id === networkId && row.status === 'available'),
  );
  const {
    eip_ids: [networkIp],
  } = await call<{ eip_ids: string[] }>('/api/user/ph/eip', 'POST', {
    ...eip,
    bandwidth: 5,
    u_network_id: networkId,
    name: 'farm-ip',
  });
  await until(
    () => call<Listed>('/api/user/ph/phone'),
    (page) => page.list.some((row) => row.id === phoneId && row.status === 'running'),
  );
  await until(
    () => call<Listed>('/api/user/ph/eip'),
    (page) => page.list.some((row) => row.eip_id === networkIp && row.status === 'unallocated'),
  );
  await call(`/api/user/ph/ph_u_network/${networkId}/eip/${networkIp}/bind_ph`, 'POST', {
    phone_id: phoneId,
  });
  const {
    proxy_ids: [proxyId],
  } = await call<{ proxy_ids: string[] }>('/api/user/ph/proxy', 'POST', {
    pool_id: 'jp-tyo-ntt',
    protocol: 'socks5',
    period: 1,
    quantity: 1,
    name: 'tokyo-home',
    agreed: true,
  });
  await until(
    () => call<Listed>('/api/user/ph/proxy'),
    (page) => page.list.some((row) => row.id === proxyId && row.status === 'available'),
  );
  await call(`/api/user/ph/proxy/${proxyId}/bind`, 'POST', { phone_id: phoneId });
  await call('/api/user/ph/own_proxy', 'POST', {
    protocol: 'http',
    host: 'proxy.example.net',
    port: 3128,
    username: 'shop',
    password: 'example-password',
    remark: 'office line',
  });
  const { token: setToken } = await call<{ token: string }>(`/api/user/proxy_link/phone/${phoneId}`, 'POST');
  // Saved disabled, so the residential proxy stays on the phone and the page warns what a save replaces.
  const configs = [
    {
      enabled: false,
      type: 'socks5',
      ip: '203.0.113.10',
      tcp_port: 1080,
      udp_port: 1081,
      username: 'alice',
      password: 'example-password',
      rules: { mode: 'whitelist', domains: ['*.example.com', '*.shop.example.org'] },
    },
  ];
  const response = await fetch(`${baseUrl}/api/proxy_set/${phoneId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-proxy-token': setToken },
    body: JSON.stringify({ configs }),
  });
  if (!response.ok) throw new Error(`PUT /api/proxy_set: ${response.status}`);
  return `/proxySet?id=${phoneId}#token=${setToken}`;
}
