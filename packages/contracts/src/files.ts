/** Uploads and downloads (spec §3 Upload result, §7 Files). */
import { z } from 'zod';

/** POST /common/upload answers `fileName` at the top level too (spec §7: read code, msg, fileName). */
export const uploadedFileSchema = z.object({
  /** The stored name to send back in forms and to GET /common/download. */
  fileName: z.string(),
  /** Where the file is served: `/api/common/files/{fileName}`. */
  url: z.string(),
  originalName: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadAnswerSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  success: z.boolean(),
  fileName: z.string(),
  data: uploadedFileSchema,
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** Stored names are generated: a date folder, a random id and the checked extension. */
export const STORED_FILE_NAME = /^\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;
export const downloadQuery = z.object({
  fileName: z.string().regex(STORED_FILE_NAME),
  /** true deletes the file once sent. */
  delete: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const resourceQuery = z.object({ resource: z.string().min(1).max(300) });
