import { useQuery } from '@tanstack/react-query';
import { CAPTCHA_TTL_SECONDS } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';

/** An image captcha: `img` is a data: URL; `uuid` goes back with the typed answer. */
export interface Captcha {
  uuid: string;
  img: string;
}

/** GET /image_validate_code */
export async function fetchCaptcha(): Promise<Captcha> {
  const { data } = await api.get<Captcha>('/image_validate_code', undefined, { auth: false });
  return data;
}

/**
 * The captcha a form shows. It lives 2 minutes and is used once, so it is replaced shortly before
 * it expires and whenever `refresh()` is called (after every failed submit).
 */
export function useCaptcha() {
  const query = useQuery({
    queryKey: ['account', 'captcha'],
    queryFn: fetchCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (CAPTCHA_TTL_SECONDS - 10) * 1000,
  });
  return {
    captcha: query.data,
    loading: query.isFetching,
    refresh: () => void query.refetch(),
  };
}
