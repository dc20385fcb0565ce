import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Customer,
  CustomerDetail,
  CustomerNote,
  CustomerOptions,
  CustomerSettingsBody,
} from '@cloudbay/contracts';
import { api, type QueryObject } from '../../../../lib/request';
import { useSheetExport } from '../../../system/sheet-export';

export const customersKey = ['business', 'customers'] as const;

export interface CustomerFilter {
  email?: string;
  nickname?: string;
  status?: string;
  deptId?: number;
  ownerOperatorId?: number;
  balanceMin?: string;
  balanceMax?: string;
  arrears?: '1';
  begin_time?: string;
  end_time?: string;
  sort?: 'created' | 'balance' | 'spent';
  order?: 'asc' | 'desc';
}

/** GET /business/customer: a page of the customers in the caller's data scope. */
export function useCustomers(query: CustomerFilter & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...customersKey, 'list', query],
    queryFn: async () =>
      (await api.get<{ list: Customer[]; total: number }>('/business/customer', { ...query })).data,
    placeholderData: keepPreviousData,
  });
}

/** The list's export (XLSX by default, CSV on request), with the list's filters. */
export const useExportCustomers = () =>
  useSheetExport<CustomerFilter>('/business/customer/export', 'customers');

export function useCustomer(userId: number) {
  return useQuery({
    queryKey: [...customersKey, 'detail', userId],
    queryFn: async () => (await api.get<CustomerDetail>(`/business/customer/${userId}`)).data,
    retry: false,
  });
}

/** The departments and operators the settings form offers. */
export function useCustomerOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...customersKey, 'options'],
    queryFn: async () => (await api.get<CustomerOptions>('/business/customer/options')).data,
    enabled,
  });
}

/** The detail tabs, each a list the server pages: `GET /business/customer/{userId}/{tab}`. */
export type CustomerTab =
  'bills' | 'topups' | 'orders' | 'resources' | 'sub-accounts' | 'sessions' | 'notes' | 'notices';

export function useCustomerTab<T>(userId: number, tab: CustomerTab, query: QueryObject) {
  return useQuery({
    queryKey: [...customersKey, 'tab', userId, tab, query],
    queryFn: async () =>
      (await api.get<{ list: T[]; total: number }>(`/business/customer/${userId}/${tab}`, query)).data,
    placeholderData: keepPreviousData,
  });
}

const useRefetching = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey }),
  });
};

export function useSaveCustomerSettings(userId: number) {
  return useRefetching(
    async (body: CustomerSettingsBody) =>
      (await api.put<CustomerDetail>(`/business/customer/${userId}/settings`, body, { repeatSubmit: false }))
        .data,
  );
}

/** '1' disables the customer and ends every session of theirs at once. */
export function useChangeCustomerStatus() {
  return useRefetching(
    async (input: { userId: number; status: '0' | '1' }) =>
      (
        await api.put<CustomerDetail>(
          `/business/customer/${input.userId}/status`,
          { status: input.status },
          { repeatSubmit: false },
        )
      ).data,
  );
}

export function useAddCustomerNote(userId: number) {
  return useRefetching(
    async (body: string) =>
      (await api.post<CustomerNote>(`/business/customer/${userId}/notes`, { body })).data,
  );
}

export function useRevokeCustomerSession(userId: number) {
  return useRefetching(async (sessionId: string) =>
    api.delete(`/business/customer/${userId}/sessions/${sessionId}`),
  );
}
