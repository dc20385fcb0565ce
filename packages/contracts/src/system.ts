import { z } from 'zod';
import { CONFIG_KEY } from './dict-constants';

/** GET /api/healthz: the process is up. */
export const healthSchema = z.object({ status: z.literal('up'), uptime_s: z.number() });
/** GET /api/readyz: the database answers. */
export const readinessSchema = z.object({ status: z.literal('ready'), database_ms: z.number() });

/** GET /api/config/{key}: a public system setting such as EXE_URL (the desktop client download). */
export const configKeyParams = z.object({ key: z.string().regex(CONFIG_KEY) });
export const publicConfigSchema = z.object({ key: z.string(), value: z.string() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
