import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { narrowScreen } from '../../../test/screen';
import { envelope } from '../../../test/mock-adapter';
import { openListPage, tableRows } from '../../../test/list-page';
import { pickPhone, serveGroups, servePhones, testGroup, testPhone } from '../test-phone-pages';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const GROUPS = '/user/ph/phone_data/group';
const openGroups = () =>
  openListPage({ path: '/phone/group', component: 'phone/group', pageTestId: 'page-phone-groups' });
const rows = () => tableRows('groups-table');
const row = (index: number) => rows()[index] as HTMLElement;

describe('PhoneGroupPage', { timeout: 20_000 }, () => {
  it('lists the groups with their phone counts, then the ungrouped phones', async () => {
    serveGroups([testGroup(1, '测试组', 3), testGroup(2, '直播组', 0)], 5);
    await openGroups();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(row(0).textContent).toContain('测试组');
    expect(within(row(0)).getByTestId('group-count').textContent).toBe('3 台');
    expect(within(row(1)).getByTestId('group-count').textContent).toBe('0 台');
    expect(row(2).textContent).toContain('未分组');
    expect(within(row(2)).getByTestId('group-count').textContent).toBe('5 台');
    // The ungrouped row only receives phones: it cannot be renamed or deleted.
    expect(within(row(2)).queryByTestId('group-rename')).toBeNull();
    expect(within(row(2)).queryByTestId('group-delete')).toBeNull();
    expect(within(row(2)).getByTestId('group-move').textContent).toContain('移出分组');
  });

  it('shows one card per group on a phone, with its actions', async () => {
    const media = narrowScreen();
    serveGroups([testGroup(1, '测试组', 3)], 5);
    await openGroups();
    const cards = await screen.findAllByTestId('groups-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('测试组');
    expect(within(cards[0]!).getByTestId('group-count').textContent).toBe('3 台');
    expect(within(cards[0]!).getByTestId('group-rename')).toBeTruthy();
    expect(within(cards[1]!).queryByTestId('group-rename')).toBeNull();
    expect(screen.queryByTestId('groups-table')).toBeNull();
    media.mockRestore();
  });

  it('starts empty with a create button that makes the first group, with an Idempotency-Key', async () => {
    serveGroups([], 2);
    fakeApi.on('POST', GROUPS, (request) => {
      serveGroups([testGroup(9, (request.body as { name: string }).name)], 2);
      return { data: envelope(testGroup(9, '研发')) };
    });
    await openGroups();
    const empty = await screen.findByTestId('groups-empty');
    expect(empty.textContent).toContain('还没有分组');
    expect(empty.textContent).toContain('当前有 2 台云手机未分组');

    fireEvent.click(within(empty).getByTestId('group-create-first'));
    const form = await screen.findByTestId('group-form');
    fireEvent.click(screen.getByTestId('group-save'));
    expect(await within(form).findByText('请输入分组名称')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('group-name'), { target: { value: 'x'.repeat(31) } });
    expect(await within(form).findByText('分组名称为 1–30 个字符')).toBeTruthy();
    expect(fakeApi.requests('POST', GROUPS)).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('group-name'), { target: { value: '  研发  ' } });
    fireEvent.click(screen.getByTestId('group-save'));
    await waitFor(() => expect(fakeApi.requests('POST', GROUPS)).toHaveLength(1));
    const [create] = fakeApi.requests('POST', GROUPS);
    expect(create?.body).toEqual({ name: '研发' });
    expect(create?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('分组已创建')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(row(0).textContent).toContain('研发');
  });

  it('renames a group', async () => {
    serveGroups([testGroup(1, '测试组', 3)], 0);
    fakeApi.ok('PUT', `${GROUPS}/1`, testGroup(1, '回归组', 3));
    await openGroups();
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.click(within(row(0)).getByTestId('group-rename'));
    const form = await screen.findByTestId('group-form');
    await waitFor(() =>
      expect((within(form).getByTestId('group-name') as HTMLInputElement).value).toBe('测试组'),
    );
    fireEvent.change(within(form).getByTestId('group-name'), { target: { value: '回归组' } });
    fireEvent.click(screen.getByTestId('group-save'));
    await waitFor(() => expect(fakeApi.requests('PUT', `${GROUPS}/1`)).toHaveLength(1));
    expect(fakeApi.requests('PUT', `${GROUPS}/1`)[0]?.body).toEqual({ name: '回归组' });
    expect(await screen.findByText('分组已重命名')).toBeTruthy();
  });

  it('deletes a group after saying its phones become ungrouped', async () => {
    serveGroups([testGroup(1, '测试组', 3)], 0);
    fakeApi.ok('DELETE', `${GROUPS}/1`, null);
    await openGroups();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(0)).getByTestId('group-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('删除分组“测试组”？');
    expect(dialog.textContent).toContain('分组中的 3 台云手机将变为未分组');
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() => expect(fakeApi.requests('DELETE', `${GROUPS}/1`)).toHaveLength(1));
    expect(await screen.findByText('分组已删除')).toBeTruthy();
  });

  it('moves chosen phones into a group, and others out of any group (group 0)', async () => {
    serveGroups([testGroup(1, '测试组', 1), testGroup(2, '直播组', 0)], 1);
    servePhones([
      testPhone('ph-a', 'alpha', { group_id: 1 }),
      testPhone('ph-b', 'bravo'),
      testPhone('ph-c', 'charlie', { group_id: 2 }),
    ]);
    fakeApi.ok('POST', `${GROUPS}/2/phones`, { group_id: 2, moved: 1 });
    fakeApi.ok('POST', `${GROUPS}/0/phones`, { group_id: null, moved: 1 });
    await openGroups();
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.click(within(row(1)).getByTestId('group-move'));
    expect(await screen.findByText('移入分组“直播组”')).toBeTruthy();
    fireEvent.click(screen.getByTestId('move-submit'));
    expect(await screen.findByText('请选择云手机')).toBeTruthy();

    await pickPhone('move-phones', 'charlie');
    // A phone already in the group cannot be chosen again.
    const charlie = screen.getAllByText('charlie').map((node) => node.closest('.ant-select-item-option'));
    expect(charlie.find(Boolean)?.className).toContain('disabled');
    await pickPhone('move-phones', 'alpha');
    fireEvent.click(screen.getByTestId('move-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', `${GROUPS}/2/phones`)).toHaveLength(1));
    expect(fakeApi.requests('POST', `${GROUPS}/2/phones`)[0]?.body).toEqual({ phone_ids: ['ph-a'] });
    expect(await screen.findByText('已将 1 台云手机移到“直播组”')).toBeTruthy();
    // The counts are asked again.
    await waitFor(() => expect(fakeApi.requests('GET', GROUPS).length).toBeGreaterThan(1));

    fireEvent.click(within(row(2)).getByTestId('group-move'));
    expect(await screen.findByText('选择要移出分组的云手机，它们将变为未分组。')).toBeTruthy();
    await pickPhone('move-phones', 'charlie');
    fireEvent.click(screen.getByTestId('move-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', `${GROUPS}/0/phones`)).toHaveLength(1));
    expect(fakeApi.requests('POST', `${GROUPS}/0/phones`)[0]?.body).toEqual({ phone_ids: ['ph-c'] });
  });
});
