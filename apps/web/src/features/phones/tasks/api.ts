/**
 * The task centre's calls (issue 20): the task list, refreshed while a task on screen is pending or
 * running, and the retry of failed tasks (one, or a selection), each sent with an Idempotency-Key.
 * The tasks live under the phones' key: an action on the phone list refreshes them, and a retry
 * refreshes the phone list.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PhoneTask, PhoneTaskPage, PhoneTaskRetryResult } from '@cloudbay/contracts';
import { PHONE_TASK_LIVE_STATUSES, type PhoneTaskStatus, type PhoneTaskType } from '@cloudbay/contracts/core';
import { refreshWhileChanging } from '../../../lib/live-refresh';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import type { TimeWindowQuery } from '../../../lib/date-range';
import { usePhoneMutation } from '../api/phones-mutation';
import { phonesKey } from '../api/phones-keys';

export const phoneTasksKey = [...phonesKey, 'tasks'] as const;

export interface PhoneTaskFilterQuery extends TimeWindowQuery {
  type?: PhoneTaskType;
  status?: PhoneTaskStatus;
  /** A phone's id, or part of its name. */
  phone?: string;
}

export const isTaskLive = (task: Pick<PhoneTask, 'status'>) => PHONE_TASK_LIVE_STATUSES.includes(task.status);

/** GET /user/ph/ph_task/list, asked again every few seconds while a task on screen still runs. */
export function usePhoneTasks(query: PhoneTaskFilterQuery & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...phoneTasksKey, 'list', query],
    queryFn: async () => (await api.get<PhoneTaskPage>('/user/ph/ph_task/list', { ...query })).data,
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
    refetchInterval: refreshWhileChanging<PhoneTask>(isTaskLive),
  });
}

export interface RetryTasksInput {
  taskIds: number[];
  idempotencyKey: string;
}

/** POST /user/ph/ph_task/retry (one entry per task) — also for a single row, so both report alike. */
async function retryTasks({ taskIds, idempotencyKey }: RetryTasksInput): Promise<PhoneTaskRetryResult> {
  const { data } = await api.post<PhoneTaskRetryResult>(
    '/user/ph/ph_task/retry',
    { task_ids: taskIds },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data;
}

export const useRetryTasks = () => usePhoneMutation(retryTasks);
