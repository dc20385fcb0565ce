/** The gift page's calls (issue 22, part G2): the public offer and the signed-in customer's trial. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FreeResourceApplication, FreeResourceApplyBody, GiftOffer } from '@cloudbay/contracts';
import { api } from '../../lib/request';

const giftKey = ['gift'] as const;
const latestKey = [...giftKey, 'latest'] as const;

/** GET /gift_offer: the figures the page promises, each from its setting. No session needed. */
export function useGiftOffer() {
  return useQuery({
    queryKey: [...giftKey, 'offer'],
    queryFn: async () => (await api.get<GiftOffer>('/gift_offer', undefined, { auth: false })).data,
  });
}

/** The signed-in customer's latest application (null before the first). */
export function useLatestTrial(enabled: boolean) {
  return useQuery({
    queryKey: latestKey,
    queryFn: async () =>
      (await api.get<FreeResourceApplication | null>('/user/free_resource_apply/latest')).data,
    enabled,
  });
}

export function useApplyForTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FreeResourceApplyBody) =>
      (await api.post<FreeResourceApplication>('/user/free_resource_apply', body)).data,
    onSuccess: (application) => queryClient.setQueryData(latestKey, application),
  });
}
