import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  KeyPair,
  KeyPairCreateBody,
  KeyPairCreated,
  KeyPairPage,
  PhoneBatchResult,
} from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phonesRootKey, refetchPhoneViews } from './phone-groups';

const KEY_PAIRS_PATH = '/user/ph/adb/key_pair';
export const keyPairsKey = [...phonesRootKey, 'key-pairs'] as const;

/** GET /user/ph/adb/key_pair: a page of the caller's key pairs, newest first. */
export async function listKeyPairs(query: { page: number; limit: number }): Promise<KeyPairPage> {
  const { data } = await api.get<KeyPairPage>(KEY_PAIRS_PATH, { ...query });
  return data;
}

/** The key pair page's list; the previous page stays on screen while the next one loads. */
export function useKeyPairs(query: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...keyPairsKey, 'list', query],
    queryFn: () => listKeyPairs(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}

/**
 * POST (Idempotency-Key): generates a pair (the answer's `private_key` is the only copy there will
 * ever be) or imports `public_key`.
 */
export function useCreateKeyPair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: KeyPairCreateBody; idempotencyKey: string }) => {
      const { data } = await api.post<KeyPairCreated>(KEY_PAIRS_PATH, body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return data;
    },
    onSuccess: () => refetchPhoneViews(queryClient),
  });
}

/** PUT /{id}: a new name (the console's only; the phones keep the key). */
export function useRenameKeyPair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const { data } = await api.put<KeyPair>(`${KEY_PAIRS_PATH}/${encodeURIComponent(id)}`, { name });
      return data;
    },
    onSuccess: () => refetchPhoneViews(queryClient),
  });
}

/** DELETE /{id}: refused (409 KEY_PAIR_IN_USE) while a phone has it. */
export function useDeleteKeyPair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`${KEY_PAIRS_PATH}/${encodeURIComponent(id)}`);
    },
    onSettled: () => refetchPhoneViews(queryClient),
  });
}

export type KeyPairPhoneAction = 'attach' | 'detach';

/** POST /user/ph/adb/{attach|detach}_key/{id}: one result per phone; refetched after any answer. */
export function useKeyPairOnPhones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      action,
      keyPairId,
      phoneIds,
    }: {
      action: KeyPairPhoneAction;
      keyPairId: string;
      phoneIds: string[];
    }) => {
      const { data } = await api.post<PhoneBatchResult>(
        `/user/ph/adb/${action}_key/${encodeURIComponent(keyPairId)}`,
        { phone_ids: phoneIds },
      );
      return data;
    },
    onSettled: () => refetchPhoneViews(queryClient),
  });
}
