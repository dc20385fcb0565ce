import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PhoneTask } from '@cloudbay/contracts';
import { i18n } from '../../../lib/i18n';
import { LIVE_REFRESH_MS } from '../../../lib/live-refresh';
import { fakeApi } from '../../../test/fake-api';
import { envelope } from '../../../test/mock-adapter';
import { chooseOption, openListPage, servePagedList, tableRows } from '../../../test/list-page';
import { typeDateRange } from '../../../test/picked-day';
import { narrowScreen } from '../../../test/screen';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const TASKS = '/user/ph/ph_task/list';
const RETRY = '/user/ph/ph_task/retry';
const openTasks = (at?: string) =>
  openListPage({ path: '/phone/task', component: 'phone/task', pageTestId: 'page-phone-tasks', at });
const rows = () => [...tableRows('tasks-table')] as HTMLElement[];
const listRequests = () => fakeApi.requests('GET', TASKS);
/** The column titles, without the selection column's. */
const headerCells = () =>
  [...screen.getByTestId('tasks-table').querySelectorAll('thead th')]
    .map((cell) => cell.textContent)
    .filter(Boolean);

function testTask(id: number, overrides: Partial<PhoneTask> = {}): PhoneTask {
  return {
    id,
    type: 'restart',
    status: 'success',
    phone: { id: `ph-00000${id}`, name: `phone-${id}` },
    created: '2026-11-26T08:00:00.000Z',
    finished_at: '2026-11-26T08:00:30.000Z',
    result: '已完成',
    result_code: 'PHONE_TASK_DONE',
    output: null,
    retry_of: null,
    retried_by: null,
    ...overrides,
  };
}

/** GET …/ph_task/list filtered by type, status and phone as the server does. */
function serveTasks(tasks: readonly PhoneTask[]) {
  servePagedList(TASKS, tasks, (task, query) => {
    if (query.type !== undefined && task.type !== query.type) return false;
    if (query.status !== undefined && task.status !== query.status) return false;
    if (typeof query.phone === 'string' && !`${task.phone.id} ${task.phone.name}`.includes(query.phone)) {
      return false;
    }
    return true;
  });
}

const INSTALL_FAILED = testTask(3, {
  type: 'install',
  status: 'failed',
  result: '云手机未运行，无法安装或卸载应用',
  result_code: 'PHONE_APP_PHONE_NOT_RUNNING',
});

beforeAll(() => import('./phone-task-page'), 30_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('PhoneTaskPage', { timeout: 40_000 }, () => {
  it('lists each task with its type, phone, status, result and times', async () => {
    serveTasks([
      testTask(1),
      testTask(2, { type: 'backup', status: 'running', finished_at: null, result: null, result_code: null }),
      INSTALL_FAILED,
    ]);
    await openTasks();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [done, running, failed] = rows();
    expect(within(done!).getByTestId('task-type').textContent).toBe('重启');
    expect(done!.textContent).toContain('phone-1');
    expect(done!.textContent).toContain('ph-000001');
    expect(within(done!).getByTestId('task-status').textContent).toBe('成功');
    expect(within(done!).getByTestId('task-result').textContent).toBe('已完成');
    expect(within(running!).getByTestId('task-type').textContent).toBe('备份');
    expect(within(running!).getByTestId('task-status').textContent).toBe('执行中');
    expect(within(running!).getByTestId('task-result').textContent).toBe('—');
    expect(within(failed!).getByTestId('task-status').getAttribute('data-status')).toBe('failed');
    expect(within(failed!).getByTestId('task-result').textContent).toBe('云手机未运行，无法安装或卸载应用');
    // Only the failed task offers a retry.
    expect(within(done!).queryByTestId('task-retry')).toBeNull();
    expect(within(failed!).getByTestId('task-retry')).toBeTruthy();
    expect(listRequests()[0]?.query).toEqual({ page: 1, limit: 20 });
    // On a wide screen every column has its own place.
    expect(headerCells()).toEqual([
      '任务 ID',
      '任务类型',
      '云手机',
      '状态',
      '执行结果',
      '创建时间',
      '完成时间',
      '操作',
    ]);
  });

  it('sends the type, status, phone and time filters and shows what matches', async () => {
    serveTasks([testTask(1), INSTALL_FAILED, testTask(4, { type: 'install' })]);
    await openTasks();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const search = screen.getByTestId('task-search');
    await chooseOption('task-filter-type', '安装应用');
    await chooseOption('task-filter-status', '失败');
    fireEvent.change(within(search).getByPlaceholderText('云手机 ID 或名称'), {
      target: { value: ' phone-3 ' },
    });
    await typeDateRange('2026-11-01', '2026-11-26');
    fireEvent.click(screen.getByTestId('task-search-submit'));
    await waitFor(() => expect(listRequests().at(-1)?.query.status).toBe('failed'));
    const query = listRequests().at(-1)!.query;
    expect(query).toMatchObject({ page: 1, limit: 20, type: 'install', status: 'failed', phone: 'phone-3' });
    expect(new Date(String(query.begin_time)).getTime()).toBe(new Date(2026, 10, 1).getTime());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('phone-3');

    // Nothing matches: the filtered empty state, not the first-use one.
    await chooseOption('task-filter-status', '成功');
    fireEvent.click(screen.getByTestId('task-search-submit'));
    expect((await screen.findByTestId('tasks-empty')).textContent).toContain('没有符合筛选条件的任务');
  });

  it('opens filtered by the link it came from (?phone=&type=)', async () => {
    serveTasks([testTask(1), INSTALL_FAILED]);
    await openTasks('/phone/task?phone=ph-000003&type=install&status=bogus');
    await waitFor(() => expect(rows()).toHaveLength(1));
    // An unknown status from the address is left out.
    expect(listRequests()[0]?.query).toEqual({ page: 1, limit: 20, type: 'install', phone: 'ph-000003' });
    expect(
      (within(screen.getByTestId('task-search')).getByPlaceholderText('云手机 ID 或名称') as HTMLInputElement)
        .value,
    ).toBe('ph-000003');
  });

  it('shows the first-use state with a way to the phone list', async () => {
    serveTasks([]);
    await openTasks();
    const empty = await screen.findByTestId('tasks-empty');
    expect(empty.textContent).toContain('暂无任务');
    expect(within(empty).getByText('前往云手机列表')).toBeTruthy();
  });

  it('asks again while a task is pending or running, and stops once all have finished', async () => {
    // Fake timers from the start: the list's refresh timer is set with them.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: PhoneTask['status'] = 'pending';
    fakeApi.on('GET', TASKS, () => ({
      data: envelope({
        list: [
          testTask(1, {
            type: 'install',
            status,
            finished_at: status === 'success' ? '2026-11-26T08:01:00.000Z' : null,
            result: status === 'success' ? '已安装 Notes' : null,
          }),
        ],
        total: 1,
        page: 1,
        limit: 20,
      }),
    }));
    await openTasks();
    await waitFor(() => expect(rows()[0]?.textContent).toContain('等待中'));
    expect(screen.getByTestId('task-live').textContent).toContain('任务执行中，自动刷新');
    const asked = listRequests().length;
    status = 'running';
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(listRequests()).toHaveLength(asked + 1));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('执行中'));

    status = 'success';
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(within(rows()[0]!).getByTestId('task-status').textContent).toBe('成功'));
    expect(within(rows()[0]!).getByTestId('task-result').textContent).toBe('已安装 Notes');
    expect(screen.queryByTestId('task-live')).toBeNull();
    const settled = listRequests().length;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3));
    expect(listRequests()).toHaveLength(settled);
  });

  it('retries a selection of failed tasks only after one is selected and confirmed, and reports refusals', async () => {
    const other = testTask(5, { type: 'command', status: 'failed', result: '命令退出码 127', output: '' });
    serveTasks([testTask(1), INSTALL_FAILED, other]);
    fakeApi.ok('POST', RETRY, {
      results: [
        { task_id: 3, ok: true, new_task_id: 9, code: null, message: null },
        {
          task_id: 5,
          ok: false,
          new_task_id: null,
          code: 'PHONE_TASK_ALREADY_RETRIED',
          message: '该任务已重试过',
        },
      ],
    });
    await openTasks();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const batchRetry = screen.getByTestId('task-batch-retry') as HTMLButtonElement;
    expect(batchRetry.disabled).toBe(true);
    expect(screen.getByTestId('task-batch-count').textContent).toBe('请选择失败的任务后重试');
    fireEvent.click(batchRetry);
    expect(screen.queryByTestId('task-confirm-ok')).toBeNull();
    // A task that succeeded cannot be selected.
    const [done, failed, command] = rows();
    expect((within(done!).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(failed!).getByRole('checkbox'));
    fireEvent.click(within(command!).getByRole('checkbox'));
    await waitFor(() => expect(batchRetry.disabled).toBe(false));
    expect(screen.getByTestId('task-batch-count').textContent).toBe('已选 2 项');

    fireEvent.click(batchRetry);
    const ok = await screen.findByTestId('task-confirm-ok');
    expect(document.body.textContent).toContain('确定重新执行所选的 2 个失败任务吗？');
    expect(fakeApi.requests('POST', RETRY)).toHaveLength(0);
    fireEvent.click(ok);
    await waitFor(() => expect(fakeApi.requests('POST', RETRY)).toHaveLength(1));
    const [sent] = fakeApi.requests('POST', RETRY);
    expect(sent?.body).toEqual({ task_ids: [3, 5] });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const summary = await screen.findByTestId('task-result-summary');
    expect(summary.textContent).toContain('成功 1 台，失败 1 台');
    const report = within(screen.getByTestId('task-result-table')).getAllByRole('row').slice(1);
    expect(report[0]?.textContent).toContain('5 · 执行命令 · phone-5');
    expect(report[0]?.textContent).toContain('该任务已重试过');
    // The selection is cleared once sent.
    await waitFor(() => expect(batchRetry.disabled).toBe(true));
  });

  it("retries one row's failed task after confirming it, naming the task", async () => {
    serveTasks([INSTALL_FAILED]);
    fakeApi.ok('POST', RETRY, {
      results: [{ task_id: 3, ok: true, new_task_id: 9, code: null, message: null }],
    });
    await openTasks();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByTestId('task-retry'));
    await screen.findByTestId('task-confirm-ok');
    expect(document.body.textContent).toContain('确定重新执行任务 3（phone-3 的安装应用）吗？');
    fireEvent.click(screen.getByTestId('task-confirm-ok'));
    await waitFor(() => expect(fakeApi.requests('POST', RETRY)[0]?.body).toEqual({ task_ids: [3] }));
    expect(await screen.findByText('任务 3 已重新开始')).toBeTruthy();
  });

  it("shows a command's output in a popover from its result, and the retry links", async () => {
    serveTasks([
      testTask(7, {
        type: 'command',
        result: '命令已执行（退出码 0）',
        output: 'ro.product.model=Pixel 8\nro.build.version.release=14',
        retry_of: 6,
      }),
      testTask(8, { type: 'command', result: '命令已执行（退出码 0）', output: '' }),
      testTask(6, { type: 'command', status: 'failed', result: '失败', output: 'boom', retried_by: 7 }),
    ]);
    await openTasks();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [retried, silent, original] = rows();
    expect(screen.queryByTestId('task-output-text')).toBeNull();
    fireEvent.click(within(retried!).getByTestId('task-output'));
    const output = await screen.findByTestId('task-output-text');
    expect(output.textContent).toBe('ro.product.model=Pixel 8\nro.build.version.release=14');
    expect(document.body.textContent).toContain('命令输出');
    expect(retried!.textContent).toContain('重试自任务 6');
    // A retried task is not retried again: no button, no checkbox.
    expect(original!.textContent).toContain('已重试为任务 7');
    expect(within(original!).queryByTestId('task-retry')).toBeNull();
    expect((within(original!).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(within(silent!).getByTestId('task-output'));
    await waitFor(() =>
      expect(screen.getAllByTestId('task-output-text').map((node) => node.textContent)).toContain(
        '（无输出）',
      ),
    );
    // A task that is not a command has no output to open.
    expect(within(original!).getByTestId('task-output')).toBeTruthy();
  });

  it('reads in English, and hides the id and times on a phone', async () => {
    await i18n.changeLanguage('en-US');
    const media = narrowScreen();
    serveTasks([INSTALL_FAILED]);
    await openTasks();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByTestId('task-type').textContent).toBe('Install app');
    expect(within(rows()[0]!).getByTestId('task-status').textContent).toBe('Failed');
    expect(within(rows()[0]!).getByTestId('task-retry')).toBeTruthy();
    // The phone's name alone (its id in the title), so the status fits beside it.
    expect(rows()[0]!.textContent).toContain('phone-3');
    expect(rows()[0]!.textContent).not.toContain('ph-000003');
    expect(screen.getByTestId('page-phone-tasks').textContent).toContain('Task center');
    const header = screen.getByTestId('tasks-table').querySelector('thead')!.textContent;
    expect(header).toContain('Type');
    expect(header).not.toContain('Task ID');
    expect(header).not.toContain('Finished');
    // At 390 px the status must be in the first screen width: the type sits under the phone's
    // name in one column, and the status comes right after it.
    expect(headerCells()).toEqual(['Phone / Type', 'Status', 'Result', 'Actions']);
    const [phoneAndType, status] = [...rows()[0]!.querySelectorAll('td')].slice(1);
    expect(phoneAndType!.textContent).toBe('phone-3Install app');
    expect(within(phoneAndType!).getByTestId('task-type')).toBeTruthy();
    expect(within(status!).getByTestId('task-status')).toBeTruthy();
    media.mockRestore();
  });
});
