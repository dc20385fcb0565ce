import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';

/** The zod schema of an envelope whose `data` is `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    success: z.boolean(),
    data,
  });
}

/**
 * The error answer: `data` may carry details such as the invalid fields, and for the server's
 * own refusals `error_code`, the `ErrorCode` whose translation `msg` is.
 */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
export const errorEnvelope = envelope(
  z
    .object({
      fields: z.array(fieldErrorSchema).optional(),
      request_id: z.string().optional(),
      error_code: z.string().optional(),
    })
    .nullable(),
);

/** List query: `page` is 1-based, `limit` one of 10, 20, 30, 50 (default 20). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      message: 'limit must be 10, 20, 30 or 50',
    })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A page of a list: `{ list, total, page, limit }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
