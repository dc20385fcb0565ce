/** The operators' announcement calls (RuoYi /system/notice…). */
import type { SysNoticeAdmin, SysNoticeBody, SysNoticeReader } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { postCreate, useAdminList, useCrudMutations } from '../../shared/admin-crud';

export const noticesAdminKey = ['system', 'notice'] as const;

export interface NoticeFilter {
  title?: string;
  notice_type?: '1' | '2';
  author?: string;
  status?: '0' | '1';
}

export const useAdminNotices = (query: object) =>
  useAdminList<SysNoticeAdmin>(noticesAdminKey, '/system/notice/list', query);

/** GET /system/notice/{id}/readers, paged; nothing is asked while no notice is open. */
export const useNoticeReaders = (noticeId: number | undefined, query: { page: number; limit: number }) =>
  useAdminList<SysNoticeReader>(
    [...noticesAdminKey, 'readers', noticeId],
    `/system/notice/${noticeId ?? 0}/readers`,
    query,
    noticeId !== undefined,
  );

export const useNoticeMutations = () =>
  useCrudMutations<SysNoticeBody, SysNoticeAdmin>(noticesAdminKey, {
    create: (body, key) => postCreate('/system/notice', body, key),
    update: async (id, body) => (await api.put<SysNoticeAdmin>(`/system/notice/${id}`, body)).data,
    remove: (ids) => api.delete(`/system/notice/${ids.join(',')}`),
  });
