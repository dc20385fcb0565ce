/**
 * Phones, groups and key pairs as the server gives them, for the group, key pair and backup pages'
 * tests, and the phone picker as a user works it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KeyPair, Phone, PhoneGroup } from '@cloudbay/contracts';
import { fakeApi } from '../../test/fake-api';
import { servePagedList } from '../../test/list-page';
import { testPhone as baseTestPhone } from './operations/test-phone';

/** Phone `id`: the tools' running phone with no device reported yet, named `name`. */
export function testPhone(id: string, name: string, overrides: Partial<Phone> = {}): Phone {
  return baseTestPhone({
    id,
    name,
    instance_id: `acp-${id}`,
    brand: null,
    model: null,
    resolution: '720x1280',
    actions: [],
    ...overrides,
  });
}

export function testGroup(id: number, name: string, phoneCount = 0): PhoneGroup {
  return { id, name, phone_count: phoneCount, created_at: '2026-11-20T08:00:00.000Z' };
}

export function testKeyPair(id: string, name: string, overrides: Partial<KeyPair> = {}): KeyPair {
  return {
    key_pair_id: id,
    name,
    public_key: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQAB',
    fingerprint: '3f:0a:9c:11:22:33:44:55:66:77:88:99:aa:bb:cc:dd',
    phone_count: 0,
    created_at: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

/** GET /user/ph/phone for the pickers: filtered by name and group as the server does. */
export function servePhones(phones: readonly Phone[]) {
  servePagedList('/user/ph/phone', phones, (phone, query) => {
    if (typeof query.name === 'string' && !phone.name.includes(query.name)) return false;
    if (query.group_id !== undefined && (phone.group_id ?? 0) !== query.group_id) return false;
    return true;
  });
}

export function serveGroups(groups: PhoneGroup[], ungrouped: number) {
  fakeApi.ok('GET', '/user/ph/phone_data/group', { list: groups, ungrouped_count: ungrouped });
}

export function serveKeyPairs(pairs: KeyPair[]) {
  servePagedList('/user/ph/adb/key_pair', pairs, () => true);
}

/** Opens the phone picker `testId`, searches `typed` and picks the phone named `name`. */
export async function pickPhone(testId: string, name: string) {
  const select = screen.getByTestId(testId);
  const input = within(select).getByRole('combobox');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: name } });
  const option = await waitFor(() => {
    const found = screen.getAllByText(name).map((node) => node.closest('.ant-select-item-option'));
    const item = found.find(Boolean);
    if (!item) throw new Error(`no option ${name}`);
    return item as HTMLElement;
  });
  fireEvent.click(option);
}
