/** The operators' calls of monitor/operlog and monitor/logininfor (RuoYi's paths). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginLogPage, OperLog, OperLogPage } from '@cloudbay/contracts';
import { useCsvExport } from '../../../../lib/csv-export';
import { api } from '../../../../lib/request';
import type { LoginLogFilterQuery, OperLogFilterQuery } from '../log-filter';

/** Which log: the path segment RuoYi gives it. */
export type LogKind = 'operlog' | 'logininfor';
const logKey = (kind: LogKind) => ['monitor', kind] as const;

interface Paged {
  page: number;
  limit: number;
}

export function useOperLogs(query: OperLogFilterQuery & Paged) {
  return useQuery({
    queryKey: [...logKey('operlog'), 'list', query],
    queryFn: async () => (await api.get<OperLogPage>('/monitor/operlog/list', { ...query })).data,
    placeholderData: keepPreviousData,
  });
}

/** One operation in full (params and result), for the detail dialog. */
export function useOperLog(id: number | undefined) {
  return useQuery({
    queryKey: [...logKey('operlog'), 'one', id],
    queryFn: async () => (await api.get<OperLog>(`/monitor/operlog/${id}`)).data,
    enabled: id !== undefined,
  });
}

export function useLoginLogs(query: LoginLogFilterQuery & Paged) {
  return useQuery({
    queryKey: [...logKey('logininfor'), 'list', query],
    queryFn: async () => (await api.get<LoginLogPage>('/monitor/logininfor/list', { ...query })).data,
    placeholderData: keepPreviousData,
  });
}

/** DELETE /monitor/{kind}/{ids}, or every entry with `clean`; the list is refetched either way. */
export function useRemoveLogs(kind: LogKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[] | 'clean') =>
      (await api.delete<{ deleted: number }>(`/monitor/${kind}/${ids === 'clean' ? 'clean' : ids.join(',')}`))
        .data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: logKey(kind) }),
  });
}

/** GET /monitor/logininfor/unlock/{email}: lifts the e-mail's login locks. */
export function useUnlockLogin() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await api.get<{ email: string }>(`/monitor/logininfor/unlock/${encodeURIComponent(email)}`)).data,
  });
}

export const useExportOperLogs = () => useCsvExport<OperLogFilterQuery>('/monitor/operlog/export', 'operlog');
export const useExportLoginLogs = () =>
  useCsvExport<LoginLogFilterQuery>('/monitor/logininfor/export', 'logininfor');
