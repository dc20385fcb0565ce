import { api } from '../../../lib/request';
import { usePhoneMutation } from './phones-mutation';

export interface MovePhonesInput {
  /** A group's id, or UNGROUPED (0) to take the phones out of any. */
  groupId: number;
  phoneIds: string[];
}

/** POST /user/ph/phone_data/group/{id}/phones: moves phones into a group, all or none. */
export async function movePhonesToGroup({ groupId, phoneIds }: MovePhonesInput) {
  const { data } = await api.post<{ group_id: number | null; moved: number }>(
    `/user/ph/phone_data/group/${groupId}/phones`,
    { phone_ids: phoneIds },
  );
  return data;
}

export function useMovePhonesToGroup() {
  return usePhoneMutation(movePhonesToGroup);
}
