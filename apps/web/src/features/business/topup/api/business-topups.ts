/** The operators' calls of /business/topup (issue 18): top-ups, callbacks, the gateway's answer, reconcile. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BizGatewayAnswer, BizGatewaySetting, BizTopup, BizTopupDetail } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import type { TimeWindowQuery } from '../../../../lib/date-range';
import { useSheetExport } from '../../../system/sheet-export';

export const bizTopupsKey = ['business', 'topups'] as const;

export interface BizTopupFilterQuery extends TimeWindowQuery {
  no?: string;
  email?: string;
  trade_id?: string;
  status?: number;
  pay_type?: number;
}

export function useBizTopups(query: BizTopupFilterQuery & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...bizTopupsKey, 'list', query],
    queryFn: async () =>
      (
        await api.get<{ list: BizTopup[]; total: number; page: number; limit: number }>(
          '/business/topup/list',
          { ...query },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useBizTopup(id: number | undefined) {
  return useQuery({
    queryKey: [...bizTopupsKey, 'one', id],
    queryFn: async () => (await api.get<BizTopupDetail>(`/business/topup/${id}`)).data,
    enabled: id !== undefined,
  });
}

/** What the gateway says of the order's payment, asked afresh each time the reconcile dialog opens. */
export function useGatewayAnswer(id: number | undefined) {
  return useQuery({
    queryKey: [...bizTopupsKey, 'gateway', id],
    queryFn: async () => (await api.get<BizGatewayAnswer>(`/business/topup/${id}/gateway`)).data,
    enabled: id !== undefined,
    gcTime: 0,
    staleTime: 0,
  });
}

export function useGatewaySettings() {
  return useQuery({
    queryKey: [...bizTopupsKey, 'gateways'],
    queryFn: async () => (await api.get<BizGatewaySetting[]>('/business/topup/gateways')).data,
  });
}

export function useReconcileTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; reason: string; key: string }) =>
      (
        await api.post<BizTopupDetail>(
          `/business/topup/${input.id}/reconcile`,
          { reason: input.reason },
          { headers: { 'Idempotency-Key': input.key } },
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bizTopupsKey }),
  });
}

export const useExportBizTopups = () =>
  useSheetExport<BizTopupFilterQuery>('/business/topup/export', 'topups');
