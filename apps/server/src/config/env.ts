/**
 * The configuration of every process, parsed once with zod. This is the only file that reads
 * `process.env`; everything else receives a `Config`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so paths do not depend on the directory `npm start` was run from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const postgresUrl = optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
  message: 'must be a postgres:// or postgresql:// URL',
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port of the HTTP server. 0 picks a free one. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Address the HTTP server binds; 127.0.0.1 keeps a laptop run private. */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** External Postgres. When unset, `npm start` runs an embedded server with data under DATA_DIR. */
  DATABASE_URL: postgresUrl,
  /** Connections per process in the database pool. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Where the embedded Postgres and other local state live. */
  DATA_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, '.data')),
  /** Port of the embedded Postgres (only used when DATABASE_URL is unset). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  /** The address users reach the console at, used in links the server builds (mails, payer pages). */
  PUBLIC_URL: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), {
    message: 'must be an http:// or https:// URL',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Real mail through SMTP, e.g. smtp://user:pass@host:2525. Unset: mails stay in the outbox table and the log. */
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  /** The sender of every mail. */
  MAIL_FROM: z.string().trim().min(3).default('Cloudbay <no-reply@cloudbay.local>'),
  /** `off` disables the image-code check (automated environments only; a warning is logged). */
  CAPTCHA: z.enum(['on', 'off']).default('on'),
  /** The operator account seeded when no admin exists. Unset outside production: demo defaults. */
  ADMIN_EMAIL: optionalString.refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
    message: 'must be an e-mail address',
  }),
  ADMIN_PASSWORD: optionalString,
  /** Trust X-Forwarded-* headers (set when running behind a reverse proxy). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export type Config = z.infer<typeof envSchema> & { PUBLIC_URL: string };

/** Thrown when a variable has a bad value; the message names every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the configuration from `source` (the process environment unless a test passes its own). */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://${host}:${env.PORT}` };
}
