import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PhoneGroup, PhoneGroupList } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phonesKey } from './phones-keys';
import { PHONE_GROUPS_PATH, phoneGroupListPath } from './son-paths';

/** Every cached phone answer lives under `['phones', …]`: a group or key pair write refetches them all. */
export { phonesKey as phonesRootKey };
export const phoneGroupsKey = [...phonesKey, 'groups'] as const;

const GROUPS_PATH = PHONE_GROUPS_PATH;

/** Refetches every phone answer: group counts, the phones' groups and key pairs, the pickers. */
export function refetchPhoneViews(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: phonesKey });
}

/**
 * GET /user/ph/phone_data/group (a sub-account: /user/son_account/phone_data/group): the groups
 * (oldest first) with counts, and the ungrouped count.
 */
export async function listPhoneGroups(): Promise<PhoneGroupList> {
  const { data } = await api.get<PhoneGroupList>(phoneGroupListPath());
  return data;
}

export function usePhoneGroups() {
  return useQuery({ queryKey: phoneGroupsKey, queryFn: listPhoneGroups, enabled: getToken() !== null });
}

export type SavePhoneGroupInput =
  | { id: number; name: string }
  /** A creation, with its intent's `Idempotency-Key` (a retry answers the group the first try made). */
  | { id?: undefined; name: string; idempotencyKey: string };

/** POST (create, Idempotency-Key) or PUT /{id} (rename) a group, then refetch the phone views. */
export function useSavePhoneGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SavePhoneGroupInput): Promise<PhoneGroup> => {
      const body = { name: input.name };
      const { data } =
        input.id !== undefined
          ? await api.put<PhoneGroup>(`${GROUPS_PATH}/${input.id}`, body)
          : await api.post<PhoneGroup>(GROUPS_PATH, body, {
              headers: { 'Idempotency-Key': input.idempotencyKey },
            });
      return data;
    },
    onSuccess: () => refetchPhoneViews(queryClient),
  });
}

/** DELETE /{id}: the group goes, its phones become ungrouped. */
export function useDeletePhoneGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`${GROUPS_PATH}/${id}`);
    },
    onSettled: () => refetchPhoneViews(queryClient),
  });
}

/**
 * POST /{id}/phones: moves phones into group `groupId`; UNGROUPED (0) takes them out of any group.
 * All or none on the server, so a failure moved nothing.
 */
export function useMovePhones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ groupId, phoneIds }: { groupId: number; phoneIds: string[] }) => {
      const { data } = await api.post<{ group_id: number | null; moved: number }>(
        `${GROUPS_PATH}/${groupId}/phones`,
        { phone_ids: phoneIds },
      );
      return data;
    },
    onSuccess: () => refetchPhoneViews(queryClient),
  });
}
