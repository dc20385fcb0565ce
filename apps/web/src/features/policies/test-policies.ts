/** Policies and desktops as the server gives them, for this feature's tests. */
import type { Desktop, Policy } from '@cloudbay/contracts';
import { fakeApi } from '../../test/fake-api';
import { servePagedList } from '../../test/list-page';

export function testPolicy(id: string, overrides: Partial<Policy> = {}): Policy {
  return {
    policy_id: id,
    name: `policy-${id}`,
    clipboard: 'off',
    local_drive: 'off',
    usb_redirect: false,
    is_default: false,
    desktop_count: 0,
    created_at: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

export const defaultPolicy = testPolicy('pl-default', {
  name: '默认策略',
  clipboard: 'readwrite',
  local_drive: 'read',
  usb_redirect: false,
  is_default: true,
  desktop_count: 3,
});

/** The fields of a desktop the assignment dialog reads; the rest as the list gives them. */
export function testDesktop(id: string, name: string, overrides: Partial<Desktop> = {}): Desktop {
  return {
    desktop_id: id,
    name,
    status: 'running',
    resource_status: 'created',
    region_id: 1,
    office_site_id: 'os-1',
    billing_method: 'subscription',
    auto_renew: false,
    expire_time: null,
    hourly_price: '0.000',
    stop_reason: null,
    created_at: '2026-11-22T08:00:00.000Z',
    instance_id: null,
    desktop_type: 'general-2c4g',
    cpu: 2,
    memory: 4,
    system_disk: 80,
    bundle_id: null,
    image_id: null,
    bandwidth: 10,
    end_user: null,
    policy_id: defaultPolicy.policy_id,
    gift: false,
    private_ip: null,
    actions: [],
    ...overrides,
  };
}

/**
 * A server with these policies and desktops; writes answer as the contracts say, and a deleted
 * policy leaves the list. Assigning takes every desktop except those in `refused` (answered as the
 * server refuses a busy one).
 */
export function servePolicies(policies: Policy[], desktops: Desktop[] = [], refused: string[] = []) {
  const rows = [...policies];
  servePagedList(
    '/user/policy',
    rows,
    (policy, query) => query.name === undefined || policy.name.includes(String(query.name)),
  );
  servePagedList(
    '/user/desktop',
    desktops,
    (desktop, query) => query.name === undefined || desktop.name.includes(String(query.name)),
  );
  fakeApi.on('POST', '/user/policy', (request) => ({
    data: { code: 200, msg: '', success: true, data: testPolicy('pl-new', request.body as Partial<Policy>) },
  }));
  for (const policy of policies) {
    const path = `/user/policy/${policy.policy_id}`;
    fakeApi.on('PUT', path, (request) => ({
      data: { code: 200, msg: '', success: true, data: { ...policy, ...(request.body as Partial<Policy>) } },
    }));
    fakeApi.on('DELETE', path, () => {
      if (rows.includes(policy)) rows.splice(rows.indexOf(policy), 1);
      return { data: { code: 200, msg: '', success: true, data: null } };
    });
    fakeApi.on('PUT', `${path}/desktops`, (request) => {
      const ids = (request.body as { desktop_ids: string[] }).desktop_ids;
      const results = ids.map((id) =>
        refused.includes(id)
          ? {
              desktop_id: id,
              ok: false,
              status: null,
              code: 'RESOURCE_ACTION_FORBIDDEN',
              message: '当前状态不允许该操作',
            }
          : { desktop_id: id, ok: true, status: 'running', code: null, message: null },
      );
      return { data: { code: 200, msg: '', success: true, data: { results } } };
    });
  }
}
