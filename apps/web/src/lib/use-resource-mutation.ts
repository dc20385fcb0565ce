import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { AnswerCode } from '@cloudbay/contracts/core';
import { isRequestError } from './request';
import { currentUserKey } from './session';

export interface ResourceMutationOptions {
  /** The call moves money: the balance on screen is refreshed after it, whatever the answer. */
  charges?: boolean;
}

/**
 * A call that changes a customer's resources (desktops, phones): their lists under `listKey` are
 * refreshed after it succeeds, and also after a 409 (the resource was not in the state the page
 * showed, so the page was out of date). The request client has already shown the server's message
 * for any failure.
 */
export function useResourceMutation<V, R>(
  listKey: QueryKey,
  mutationFn: (variables: V) => Promise<R>,
  { charges = false }: ResourceMutationOptions = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: listKey });
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
