import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@cloudbay/contracts';
import { USER_REFRESH_MS } from '@cloudbay/contracts/core';
import { currentUserKey, useCurrentUser } from '../../lib/session';
import { getCachedUser, getToken } from '../../lib/storage';

/** True when the cached copy says something the screen does not show yet. */
function differs(cached: User, shown: User | undefined): boolean {
  return JSON.stringify(cached) !== JSON.stringify(shown);
}

/**
 * The signed-in user, kept current (spec §9 user cache): every USER_REFRESH_MS the copy cached in
 * local storage is read again (no request), so a balance another tab refreshed shows here too; and
 * GET /user runs again whenever the window regains focus.
 */
export function useLiveUser() {
  const queryClient = useQueryClient();
  const query = useCurrentUser();

  useEffect(() => {
    const syncFromCache = () => {
      const cached = getCachedUser();
      if (cached && differs(cached, queryClient.getQueryData<User>(currentUserKey))) {
        queryClient.setQueryData(currentUserKey, cached);
      }
    };
    const refetch = () => {
      if (getToken() !== null) void queryClient.invalidateQueries({ queryKey: currentUserKey });
    };
    const timer = window.setInterval(syncFromCache, USER_REFRESH_MS);
    window.addEventListener('focus', refetch);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refetch);
    };
  }, [queryClient]);

  return query;
}
