import { useQuery } from '@tanstack/react-query';
import type { AdPopup } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

/** GET /ad_popup: the current pop-up, or null when none runs. */
export async function getAdPopup(): Promise<AdPopup> {
  const { data } = await api.get<AdPopup>('/ad_popup');
  return data;
}

/** Asked once per page load, when `ready`: whether it was seen is this browser's memory, not the server's. */
export function useAdPopup(ready = true) {
  return useQuery({
    queryKey: ['home', 'ad-popup'],
    queryFn: getAdPopup,
    staleTime: Infinity,
    enabled: ready && getToken() !== null,
  });
}
