import { useResourceMutation, type ResourceMutationOptions } from '../../../lib/use-resource-mutation';
import { phonesKey } from './phones-keys';

/** A call that changes phones: the phone lists and groups (and, when it charges, the balance) are read again. */
export function usePhoneMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  options: ResourceMutationOptions = {},
) {
  return useResourceMutation(phonesKey, mutationFn, options);
}
