import type { BatchResult, DesktopRunAction } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { useDesktopMutation } from './desktops-mutation';

export interface RunStatusInput {
  desktopId: string;
  action: DesktopRunAction;
}

export interface BatchRunStatusInput {
  desktopIds: string[];
  action: DesktopRunAction;
}

/** PUT /user/desktop/{desktop_id}/run_status: start, shut down or restart one desktop. */
export async function setRunStatus({ desktopId, action }: RunStatusInput): Promise<void> {
  await api.put(`/user/desktop/${encodeURIComponent(desktopId)}/run_status`, { action });
}

/** PUT /user/desktop/run_status: the same action on a selection; one result per desktop. */
export async function setRunStatusBatch({ desktopIds, action }: BatchRunStatusInput): Promise<BatchResult> {
  const { data } = await api.put<BatchResult>('/user/desktop/run_status', {
    action,
    desktop_ids: desktopIds,
  });
  return data;
}

export function useSetRunStatus() {
  return useDesktopMutation(setRunStatus);
}

export function useSetRunStatusBatch() {
  return useDesktopMutation(setRunStatusBatch);
}
