/**
 * `--seed phones` of the screenshots script: gives the signed-in demo customer (phone flag and
 * demo credit already theirs) what the cloud phone centres show, through the API as a person
 * would: two phones, an APK of their own (a tiny one built from a known manifest) installed on
 * both, then one phone stopped and the install tried there again (a failed task with its reason),
 * a command run on the other, 10 GiB of backup space and a backup of the running phone. Waits
 * until every task has finished, so the pages show where things ended.
 */
import { randomUUID } from 'node:crypto';
import { buildTestApk } from '../../apps/server/src/modules/phones/apps/test-apk';
import { client, until, type Listed } from './seed-client';

/** POST /user/ph/ph_app_v2 (multipart `file`): the customer's own upload; answers the app's id. */
async function uploadApk(baseUrl: string, token: string, apk: Buffer): Promise<number> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(apk)], { type: 'application/vnd.android.package-archive' }),
    'notes.apk',
  );
  const response = await fetch(`${baseUrl}/api/user/ph/ph_app_v2`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: form,
  });
  const answer = (await response.json()) as { code: number; msg: string; data: { app: { id: number } } };
  if (answer.code !== 200) throw new Error(`POST /api/user/ph/ph_app_v2: ${answer.msg}`);
  return answer.data.app.id;
}

export async function seedPhones(baseUrl: string, token: string): Promise<void> {
  const call = client(baseUrl, token);
  const [region] = await call<Array<{ id: number }>>('/api/ph/regions');
  const buy = async (name: string) =>
    (
      await call<{ phone_ids: string[] }>('/api/user/ph/phone', 'POST', {
        region_id: region!.id,
        spec_id: 'ph.basic.2c4g',
        image_id: 'ph-img-android13',
        billing_method: 'subscription',
        period: 1,
        quantity: 1,
        name,
        auto_renew: false,
        agreed: true,
      })
    ).phone_ids[0]!;
  const shop = await buy('shop-phone');
  const live = await buy('live-phone');
  const appId = await uploadApk(
    baseUrl,
    token,
    await buildTestApk({
      packageName: 'com.cloudbay.notes',
      versionName: '1.2.3',
      versionCode: 123,
      label: 'Cloud Notes',
      labelZh: '云笔记',
      iconColor: '#13c2c2',
    }),
  );
  const phones = () => call<Listed>('/api/user/ph/phone');
  const statusIs = (id: string, status: string) => (page: Listed) =>
    page.list.some((row) => row.id === id && row.status === status);
  await until(phones, statusIs(shop, 'running'));
  await until(phones, statusIs(live, 'running'));
  const tasks = () => call<Listed>('/api/user/ph/ph_task/list?page=1&limit=50');
  const allFinished = (page: Listed) =>
    page.list.every((row) => row.status === 'success' || row.status === 'failed');

  await call('/api/user/ph/ph_app_v2/install_v2', 'POST', { app_id: appId, phone_ids: [shop, live] });
  await until(tasks, allFinished);
  await call('/api/user/ph/phone/action', 'POST', { action: 'stop', phone_ids: [live] });
  await until(phones, statusIs(live, 'stopped'));
  await call('/api/user/ph/ph_app_v2/install_v2', 'POST', { app_id: appId, phone_ids: [live] });
  await call(`/api/user/ph/phone/${shop}/run_command`, 'POST', { command: 'getprop ro.product.model' });

  await call('/api/user/ph/ph_backup_space', 'POST', {
    size: 10,
    period: 1,
    auto_renew: false,
    agreed: true,
  });
  await call('/api/user/ph/ph_backup', 'POST', {
    phone_ids: [shop],
    name: 'nightly-shop',
    description: 'Before the 1.2.3 update',
  });
  await until(
    () => call<Listed>('/api/user/ph/ph_backup'),
    (page) => page.list.every((row) => row.status === 'available' || row.status === 'failed'),
  );
  await until(tasks, allFinished);
}
