/** The answer shape shared by every batch action (desktops, phones). */
import { z } from 'zod';

/**
 * One entry per resource asked for, in the order asked, keyed by `idKey` (`desktop_id`,
 * `phone_id`). A resource the action could not run on says why (`code` an ErrorCode, `message`
 * translated); the others ran and carry their status right after the action.
 */
export function batchResultOf<K extends string, S extends readonly [string, ...string[]]>(
  idKey: K,
  statuses: S,
) {
  return z.object({
    results: z.array(
      z.object({
        ...({ [idKey]: z.string() } as Record<K, z.ZodString>),
        ok: z.boolean(),
        /** The status right after the action (when ok). */
        status: z.enum(statuses).nullable(),
        code: z.string().nullable(),
        message: z.string().nullable(),
      }),
    ),
  });
}
