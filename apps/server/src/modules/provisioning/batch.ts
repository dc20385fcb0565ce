/** Batch actions on a customer's resources of one kind (desktops, phones): one entry per resource. */
import type { ErrorCode, Language } from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { AppError, isAppError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { findResourcesOfUser, type ResourceRow } from './repo';

export interface BatchEntry {
  id: string;
  ok: boolean;
  /** The status right after the action (when ok). */
  status: string | null;
  code: string | null;
  message: string | null;
}

/**
 * Runs `act` on each resource of `kind` asked for, in the order asked, and answers one entry each:
 * one that is not the caller's is `notFound`, a refusal (AppError) its code and message in
 * `language`; the others ran. Anything else is a fault and fails the request.
 */
export async function runBatch(
  db: Db,
  input: { userId: number; kind: string; ids: readonly string[]; notFound: ErrorCode; language: Language },
  act: (row: ResourceRow) => Promise<ResourceRow>,
): Promise<BatchEntry[]> {
  const rows = new Map(
    (await findResourcesOfUser(db, input.userId, input.kind, input.ids)).map((row) => [row.resourceId, row]),
  );
  const results: BatchEntry[] = [];
  for (const id of input.ids) {
    const row = rows.get(id);
    try {
      if (!row) throw new AppError('not_found', input.notFound);
      const after = await act(row);
      results.push({ id, ok: true, status: after.status, code: null, message: null });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const message = translate(input.language, error.code, error.params);
      results.push({ id, ok: false, status: null, code: error.code, message });
    }
  }
  return results;
}
