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
 *
 * A success settles only once the lists on screen have been read again: a confirmation or dialog
 * waiting for the call closes on rows that show the change (a phone restarting), never on the rows
 * from before it, whose menus would change under the pointer a moment later.
 */
export function useResourceMutation<V, R>(
  listKey: QueryKey,
  mutationFn: (variables: V) => Promise<R>,
  { charges = false }: ResourceMutationOptions = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const refreshBalance = () => {
    if (charges) void queryClient.invalidateQueries({ queryKey: currentUserKey });
  };
  return useMutation({
    mutationFn,
    onSuccess: () => {
      refreshBalance();
      return refresh();
    },
    onError: (error) => {
      if (isRequestError(error) && error.status === AnswerCode.CONFLICT) void refresh();
      refreshBalance();
    },
  });
}
