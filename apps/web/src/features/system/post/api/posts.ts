import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Post, PostBody } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { useSheetExport } from '../../sheet-export';

export const postsKey = ['system', 'posts'] as const;

export interface PostFilter {
  postCode?: string;
  postName?: string;
  status?: string;
}

/** GET /system/post/list: a page of posts. */
export function usePosts(query: PostFilter & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...postsKey, 'list', query],
    queryFn: async () =>
      (
        await api.get<{ list: Post[]; total: number; page: number; limit: number }>('/system/post/list', {
          ...query,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export type SavePostInput = PostBody & { postId?: number };

export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SavePostInput) =>
      input.postId
        ? (await api.put<Post>('/system/post', input)).data
        : (await api.post<Post>('/system/post', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}

/** DELETE /system/post/{ids}: refused whole (409) when an account holds one of them. */
export function useDeletePosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => api.delete(`/system/post/${ids.join(',')}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}

export function useExportPosts() {
  return useSheetExport<PostFilter>('/system/post/export', 'posts');
}
