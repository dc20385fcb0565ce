import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AnswerCode } from '@cloudbay/contracts/core';
import { isRequestError } from '../../../lib/request';
import { currentUserKey } from '../../../lib/session';
import { desktopsKey } from './desktops-list';

export interface DesktopMutationOptions {
  /** The call moves money: the balance on screen is refreshed after it, whatever the answer. */
  charges?: boolean;
}

/**
 * A call that changes desktops: the desktop lists are refreshed after it succeeds, and also after
 * a 409 (the desktop was not in the state the page showed, so the page was out of date). The
 * request client has already shown the server's message for any failure.
 */
export function useDesktopMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  { charges = false }: DesktopMutationOptions = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: desktopsKey });
  const refreshBalance = () => {
    if (charges) void queryClient.invalidateQueries({ queryKey: currentUserKey });
  };
  return useMutation({
    mutationFn,
    onSuccess: () => {
      refresh();
      refreshBalance();
    },
    onError: (error) => {
      if (isRequestError(error) && error.status === AnswerCode.CONFLICT) refresh();
      refreshBalance();
    },
  });
}
