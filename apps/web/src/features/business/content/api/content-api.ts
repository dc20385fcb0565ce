/** The operators' content calls (/business/content/…): one list and its mutations per kind. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAdPopup,
  AdminAdPopupBody,
  AdminBanner,
  AdminBannerBody,
  AdminCodeTableBody,
  AdminCodeTableEntry,
  AdminHotGoods,
  AdminHotGoodsBody,
  AdminSupportChannelsBody,
  ContentKind,
  SupportChannel,
} from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { postCreate, useAdminList, useCrudMutations } from '../../../system/shared/admin-crud';

const BASE = '/business/content';
export const contentKey = ['business', 'content'] as const;

/** A content kind's record and the body its dialog sends. */
export interface ContentKinds {
  banner: { row: AdminBanner; body: AdminBannerBody };
  hot_goods: { row: AdminHotGoods; body: AdminHotGoodsBody };
  ad_popup: { row: AdminAdPopup; body: AdminAdPopupBody };
}

export interface ContentFilter {
  keyword?: string;
  enabled?: 'true' | 'false';
}

export const useContentList = <K extends ContentKind>(kind: K, query: object) =>
  useAdminList<ContentKinds[K]['row']>([...contentKey, kind], `${BASE}/${kind}`, query);

/** Add, edit and delete of one kind; every change refetches that kind's lists. */
export const useContentMutations = <K extends ContentKind>(kind: K) =>
  useCrudMutations<ContentKinds[K]['body'], ContentKinds[K]['row']>([...contentKey, kind], {
    create: (body, key) => postCreate(`${BASE}/${kind}`, body, key),
    update: async (id, body) => (await api.put<ContentKinds[K]['row']>(`${BASE}/${kind}/${id}`, body)).data,
    remove: (ids) => Promise.all(ids.map((id) => api.delete(`${BASE}/${kind}/${id}`))),
  });

/** Shows or hides a record for customers (the table's switch). */
export function useSetEnabled(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.put(`${BASE}/${kind}/${id}/enabled`, { enabled }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...contentKey, kind] }),
  });
}

const codeTableKey = [...contentKey, 'code_table'] as const;

export const useCodeTable = (query: object) =>
  useAdminList<AdminCodeTableEntry>(codeTableKey, `${BASE}/code_table`, query);

/**
 * The code table's entries are named by their key, not a number: an update goes to the key its
 * body carries (the dialog's record number only tells an edit from a creation).
 */
export function useCodeTableMutations() {
  const queryClient = useQueryClient();
  const { save } = useCrudMutations<AdminCodeTableBody, AdminCodeTableEntry>(codeTableKey, {
    create: (body, key) => postCreate(`${BASE}/code_table`, body, key),
    update: async (_, { key, ...labels }) =>
      (await api.put<AdminCodeTableEntry>(`${BASE}/code_table/${key}`, labels)).data,
    remove: () => Promise.resolve(),
  });
  const remove = useMutation({
    mutationFn: (key: string) => api.delete(`${BASE}/code_table/${key}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codeTableKey }),
  });
  return { save, remove };
}

const channelsKey = [...contentKey, 'support_channels'] as const;

export const useSupportChannels = () =>
  useQuery({
    queryKey: channelsKey,
    queryFn: async () =>
      (await api.get<{ channels: SupportChannel[] }>(`${BASE}/support_channels`)).data.channels,
  });

export function useSaveSupportChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminSupportChannelsBody) =>
      (await api.put<{ channels: SupportChannel[] }>(`${BASE}/support_channels`, body)).data.channels,
    onSuccess: (channels) => queryClient.setQueryData(channelsKey, channels),
  });
}
