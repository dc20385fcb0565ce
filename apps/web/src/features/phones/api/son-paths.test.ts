import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { setIsSon } from '../../../lib/storage';
import { listPhoneGroups } from './phone-groups';
import { replacePhones } from './phone-replace';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const GROUPS = { list: [], ungrouped_count: 0 };
const REPLACED = { results: [] };

describe('isSon paths (spec §6)', () => {
  it('a main account lists groups and replaces devices on the main paths', async () => {
    setIsSon(false);
    fakeApi.ok('GET', '/user/ph/phone_data/group', GROUPS);
    fakeApi.ok('POST', '/user/ph/phone/replace_v2', REPLACED);
    await listPhoneGroups();
    await replacePhones({ phoneIds: ['p1'], idempotencyKey: 'k1' });
    expect(fakeApi.requests('GET', '/user/ph/phone_data/group')).toHaveLength(1);
    expect(fakeApi.requests('POST', '/user/ph/phone/replace_v2')).toHaveLength(1);
    expect(fakeApi.requests().some((request) => request.path.includes('son_account'))).toBe(false);
  });

  it('a sub-account (isSon true) uses the son_account paths, read at each call', async () => {
    setIsSon(true);
    fakeApi.ok('GET', '/user/son_account/phone_data/group', GROUPS);
    fakeApi.ok('POST', '/user/son_account/phone/replace_v2', REPLACED);
    await listPhoneGroups();
    await replacePhones({ phoneIds: ['p1'], idempotencyKey: 'k2' });
    expect(fakeApi.requests('GET', '/user/son_account/phone_data/group')).toHaveLength(1);
    const [replace] = fakeApi.requests('POST', '/user/son_account/phone/replace_v2');
    expect(replace?.headers['idempotency-key']).toBe('k2');
    expect(fakeApi.requests('GET', '/user/ph/phone_data/group')).toHaveLength(0);
    // Back to the main account: the next call takes the main path again.
    setIsSon(false);
    fakeApi.ok('GET', '/user/ph/phone_data/group', GROUPS);
    await listPhoneGroups();
    expect(fakeApi.requests('GET', '/user/ph/phone_data/group')).toHaveLength(1);
  });
});
