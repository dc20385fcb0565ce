import { useResourceMutation, type ResourceMutationOptions } from '../../../lib/use-resource-mutation';
import { desktopsKey } from './desktops-list';

export type DesktopMutationOptions = ResourceMutationOptions;

/** A call that changes desktops: the desktop lists (and, when it charges, the balance) are read again. */
export function useDesktopMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  options: DesktopMutationOptions = {},
) {
  return useResourceMutation(desktopsKey, mutationFn, options);
}
