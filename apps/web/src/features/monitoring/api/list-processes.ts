import { useQuery } from '@tanstack/react-query';
import type { DesktopProcess } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { monitoringKey } from './monitoring-keys';

/** GET /user/desktop/{id}/process: what runs in the desktop now (the server answers only while it runs). */
export async function listProcesses(desktopId: string): Promise<DesktopProcess[]> {
  const { data } = await api.get<DesktopProcess[]>(`/user/desktop/${encodeURIComponent(desktopId)}/process`);
  return data;
}

/** The process table's rows; asked for only while the desktop is running. */
export function useProcesses(desktopId: string | undefined, running: boolean) {
  return useQuery({
    queryKey: [...monitoringKey, 'processes', desktopId],
    queryFn: () => listProcesses(desktopId!),
    enabled: desktopId !== undefined && running && getToken() !== null,
  });
}
