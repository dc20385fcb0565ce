/**
 * The signed-in user: GET /user (cached in local storage `user`, spec §3) and logout. The frame,
 * the profile page and the login flow share them, so they live outside any one feature.
 */
import { useQuery } from '@tanstack/react-query';
import type { User } from '@cloudbay/contracts';
import { api } from './request';
import { clearSession, getCachedUser, getToken, setCachedUser } from './storage';

export const currentUserKey = ['session', 'user'] as const;

/** GET /user; refreshes the cached copy. */
export async function fetchCurrentUser(): Promise<User> {
  const { data } = await api.get<User>('/user');
  setCachedUser(data);
  return data;
}

/**
 * The signed-in user: the cached copy at once, refreshed from the server when the component
 * mounts (the balance changes behind the page's back).
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    initialData: () => getCachedUser() ?? undefined,
    // The cached copy may be old: treat it as stale so it is refreshed once.
    initialDataUpdatedAt: 0,
    staleTime: 30_000,
    enabled: getToken() !== null,
  });
}

/** POST /logout revokes the token; the session then ends on this device whatever the answer. */
export async function logOut(): Promise<void> {
  try {
    await api.post('/logout', undefined, { repeatSubmit: false });
  } finally {
    clearSession();
  }
}

/** What the top bar shows for a user: the nickname, else the e-mail. */
export function displayName(user: Pick<User, 'nickname' | 'email'> | undefined): string {
  return user?.nickname || user?.email || '';
}
