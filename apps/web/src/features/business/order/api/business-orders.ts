/** The operators' calls of /business/order (issue 18): every customer's orders, one in full, refunds, export. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BizOrder, BizOrderDetail, BizOrderRefundBody } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import type { OrderFilterQuery } from '../../../orders/order-filter';
import { useSheetExport } from '../../../system/sheet-export';

export const bizOrdersKey = ['business', 'orders'] as const;

/** The list's filters: the customer's own, the customer's e-mail and a paid-amount range. */
export interface BizOrderFilterQuery extends OrderFilterQuery {
  email?: string;
  amount_min?: string;
  amount_max?: string;
}

export function useBizOrders(query: BizOrderFilterQuery & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...bizOrdersKey, 'list', query],
    queryFn: async () =>
      (
        await api.get<{ list: BizOrder[]; total: number; page: number; limit: number }>(
          '/business/order/list',
          { ...query },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useBizOrder(id: number | undefined) {
  return useQuery({
    queryKey: [...bizOrdersKey, 'one', id],
    queryFn: async () => (await api.get<BizOrderDetail>(`/business/order/${id}`)).data,
    enabled: id !== undefined,
  });
}

/** POST /business/order/{id}/refund under the dialog's intent key (a retry refunds once). */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; body: BizOrderRefundBody; key: string }) =>
      (
        await api.post<BizOrderDetail>(`/business/order/${input.id}/refund`, input.body, {
          headers: { 'Idempotency-Key': input.key },
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bizOrdersKey }),
  });
}

export const useExportBizOrders = () =>
  useSheetExport<BizOrderFilterQuery>('/business/order/export', 'orders');
