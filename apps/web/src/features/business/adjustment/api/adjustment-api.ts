/** The operators' balance adjustment and support session calls (issue 18, part B2). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Adjustment,
  AdjustmentBody,
  AdjustmentCustomer,
  AdjustmentStatus,
  SupportAudit,
} from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { getToken } from '../../../../lib/storage';
import { postCreate, useAdminList, type SaveInput } from '../../../system/shared/admin-crud';

export const adjustmentsKey = ['business', 'adjustment'] as const;

export interface AdjustmentFilter {
  status?: AdjustmentStatus;
  email?: string;
  operator?: string;
  begin_time?: string;
  end_time?: string;
}

export interface SupportAuditFilter {
  email?: string;
  operator?: string;
  begin_time?: string;
  end_time?: string;
}

export const useAdjustments = (query: object) =>
  useAdminList<Adjustment>(adjustmentsKey, '/business/adjustment/list', query);

export const useSupportAudits = (query: object, enabled: boolean) =>
  useAdminList<SupportAudit>([...adjustmentsKey, 'audit'], '/business/support/audit', query, enabled);

/** The dialog's customer picker: by e-mail prefix, or the one fixed customer; with the approval limit. */
export function useAdjustableCustomers(lookup: { email?: string; userId?: number }, enabled: boolean) {
  return useQuery({
    queryKey: [...adjustmentsKey, 'customers', lookup],
    queryFn: async () =>
      (
        await api.get<{ list: AdjustmentCustomer[]; approvalAbove: string }>(
          '/business/adjustment/customers',
          {
            ...lookup,
          },
        )
      ).data,
    enabled: enabled && getToken() !== null,
    staleTime: 0,
  });
}

/** The adjustment body with the customer it is for (the dialog's form). */
export type AdjustmentRequest = AdjustmentBody & { userId: number };

/** Requests an adjustment (one Idempotency-Key per intent); refreshes the lists and the lookups. */
export function useRequestAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInput<AdjustmentRequest>) => {
      const { userId, ...body } = input.body;
      return postCreate<Adjustment>(
        `/business/customer/${userId}/adjustment`,
        body,
        'idempotencyKey' in input ? input.idempotencyKey : '',
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adjustmentsKey }),
  });
}

/** Approves or rejects a pending adjustment with the decider's reason. */
export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; action: 'approve' | 'reject'; reason: string }) =>
      (
        await api.post<Adjustment>(`/business/adjustment/${input.id}/${input.action}`, {
          reason: input.reason,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adjustmentsKey }),
  });
}

/** Opens a read-only support session of the customer: its hand-off address. */
export async function openSupportSession(userId: number, reason: string) {
  return (
    await api.post<{ url: string; expiresAt: string }>(`/business/customer/${userId}/support-session`, {
      reason,
    })
  ).data;
}
