/**
 * The configuration of every process, parsed once with zod. This is the only file that reads
 * `process.env`; everything else receives a `Config`.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { NO_FAULTS, parseSimFaults } from '../providers/cloud/sim/faults';

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

const httpUrl = optionalString.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
  message: 'must be an http:// or https:// URL',
});

/** An exchange rate as decimal text (parsed exactly later, never as a float): at least 1, ≤ 6 decimals. */
const exchangeRate = optionalString.refine((v) => v === undefined || /^[1-9]\d*(\.\d{1,6})?$/.test(v), {
  message: 'must be a decimal number of at least 1 with at most 6 decimals, e.g. 7.2',
});

/** Used by the sandbox fiat gateway when FIAT_CNY_RATE is unset (a real gateway requires the variable). */
export const SANDBOX_CNY_RATE = '7.2';

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
  /** Gateway for stablecoin top-ups (pay type 2). `sandbox` is refused in production. */
  PAY_STABLECOIN: z.enum(['sandbox', 'epusdt']).default('sandbox'),
  /** Gateway for fiat QR top-ups (pay type 1). `sandbox` is refused in production. */
  PAY_FIAT: z.enum(['sandbox', 'epay']).default('sandbox'),
  /** Base URL of the epusdt/bepusdt gateway (required with PAY_STABLECOIN=epusdt). */
  EPUSDT_URL: httpUrl,
  /** API token shared with the epusdt gateway: signs requests and callbacks. */
  EPUSDT_TOKEN: optionalString,
  /** Base URL of the epay gateway, where mapi.php lives (required with PAY_FIAT=epay). */
  EPAY_URL: httpUrl,
  /** Merchant id at the epay gateway. */
  EPAY_PID: optionalString,
  /** Merchant key at the epay gateway: signs requests and callbacks. */
  EPAY_KEY: optionalString,
  /** Payment method asked of the epay gateway (alipay, wxpay, …). */
  EPAY_TYPE: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,32}$/, 'must be a payment type name such as alipay or wxpay')
    .default('alipay'),
  /** Yuan per US dollar for fiat top-ups, e.g. 7.2 (required with PAY_FIAT=epay). */
  FIAT_CNY_RATE: exchangeRate,
  /** Signs the sandbox gateway's callbacks. Generated per process outside production when unset. */
  SANDBOX_PAY_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  /** Days an expired (and not renewed) cloud desktop is kept stopped before it is deleted for good. */
  DESKTOP_DELETE_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** The upstream cloud. Only the simulated one exists until the Alibaba Cloud adapter is written. */
  CLOUD_PROVIDER: z
    .enum(['sim'], { error: 'must be sim (no other cloud provider is implemented yet)' })
    .default('sim'),
  /** How many times faster than a real cloud the simulated one moves (10: a desktop is ready in ~9 s). */
  SIM_SPEED: z.coerce.number().positive().max(1_000_000).default(10),
  /**
   * AES-256-GCM key (64 hex digits) sealing customers' own proxy passwords at rest. Required in
   * production; elsewhere a fixed development key is used, so local data stays readable.
   */
  PROXY_SECRET_KEY: optionalString.refine((v) => v === undefined || /^[0-9a-fA-F]{64}$/.test(v), {
    message: 'must be 64 hexadecimal digits (32 bytes), e.g. `openssl rand -hex 32`',
  }),
  /**
   * Let the own-proxy check reach loopback, private and link-local addresses (tests and local
   * runs with a proxy on 127.0.0.1). Refused in production, where the guard always applies.
   */
  PROXY_CHECK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** How long the own-proxy check waits for the connection and handshake, ms. */
  PROXY_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** Faults the simulated cloud injects, e.g. `create_fail=0.2,timeout=0.1,slow_ms=2000`. */
  SIM_FAULTS: z
    .string()
    .default('')
    .transform((text, context) => {
      try {
        return parseSimFaults(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return NO_FAULTS;
      }
    }),
});

type Env = z.infer<typeof envSchema>;

/** What each real gateway needs; checked only when that gateway is chosen. */
const GATEWAY_REQUIREMENTS: Record<string, readonly (keyof Env)[]> = {
  epusdt: ['EPUSDT_URL', 'EPUSDT_TOKEN'],
  epay: ['EPAY_URL', 'EPAY_PID', 'EPAY_KEY', 'FIAT_CNY_RATE'],
};

/** The problems of the payment settings as `VARIABLE: message` lines (cross-field rules zod cannot see alone). */
function paymentConfigIssues(env: Env): string[] {
  const issues: string[] = [];
  for (const choice of ['PAY_STABLECOIN', 'PAY_FIAT'] as const) {
    const gateway = env[choice];
    if (gateway === 'sandbox') {
      if (env.NODE_ENV === 'production') {
        issues.push(`${choice}: the sandbox gateway is refused in production; choose a real gateway`);
      }
      continue;
    }
    for (const name of GATEWAY_REQUIREMENTS[gateway] ?? []) {
      if (env[name] === undefined) issues.push(`${name}: required when ${choice}=${gateway}`);
    }
  }
  return issues;
}

/** The own-proxy settings production must not run without (or with the test switch). */
function proxyConfigIssues(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const issues: string[] = [];
  if (env.PROXY_SECRET_KEY === undefined) issues.push('PROXY_SECRET_KEY: required in production');
  if (env.PROXY_CHECK_ALLOW_PRIVATE === 'true') {
    issues.push('PROXY_CHECK_ALLOW_PRIVATE: refused in production (the address guard always applies)');
  }
  return issues;
}

/** The development key of own proxy passwords: public, so never used in production. */
export const DEV_PROXY_SECRET_KEY = '6465762d6f6e6c792d70726f78792d6b65792d6e6f742d666f722d70726f6421';

export type Config = Env & { PUBLIC_URL: string; FIAT_CNY_RATE: string; PROXY_SECRET_KEY: string };

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
  const paymentIssues = [...paymentConfigIssues(env), ...proxyConfigIssues(env)];
  if (paymentIssues.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${paymentIssues.map((line) => `  ${line}`).join('\n')}`);
  }
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://${host}:${env.PORT}`,
    FIAT_CNY_RATE: env.FIAT_CNY_RATE ?? SANDBOX_CNY_RATE,
    PROXY_SECRET_KEY: env.PROXY_SECRET_KEY ?? DEV_PROXY_SECRET_KEY,
    // Sandbox callbacks are signed and verified by the same process, so a fresh secret per process
    // is enough; production never runs the sandbox and gets none.
    SANDBOX_PAY_SECRET:
      env.SANDBOX_PAY_SECRET ?? (env.NODE_ENV === 'production' ? undefined : randomBytes(32).toString('hex')),
  };
}
