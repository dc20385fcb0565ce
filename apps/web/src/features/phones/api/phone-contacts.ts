import { useMutation } from '@tanstack/react-query';
import type { ImportContactsResult } from '@cloudbay/contracts';
import { useIntentKeys } from '../../../lib/idempotency';
import { api } from '../../../lib/request';

export interface ImportContactsInput {
  phoneId: string;
  /** The stored name POST /common/upload answered. */
  file: string;
}

/**
 * POST /user/ph/phone/{id}/import_contacts (Idempotency-Key): the uploaded .vcf or .csv into the
 * phone's address book; answers how many were imported and skipped.
 */
export async function importPhoneContacts(
  { phoneId, file }: ImportContactsInput,
  idempotencyKey: string,
): Promise<ImportContactsResult> {
  const { data } = await api.post<ImportContactsResult>(
    `/user/ph/phone/${encodeURIComponent(phoneId)}/import_contacts`,
    { file },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data;
}

/** One key per import intent: a retry after a lost answer is answered, not imported twice. */
export function useImportPhoneContacts() {
  const keys = useIntentKeys();
  return useMutation({
    mutationFn: async (input: ImportContactsInput) => {
      try {
        const result = await importPhoneContacts(input, keys.keyFor(input));
        keys.settle(input);
        return result;
      } catch (error) {
        keys.settle(input, error);
        throw error;
      }
    },
  });
}
