import { PAY_TYPE_FIAT, PAY_TYPE_STABLECOIN, type PayType } from '@cloudbay/contracts';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { EpayGateway } from './epay/gateway';
import { EpusdtGateway } from './epusdt/gateway';
import type { GatewayHttpOptions } from './http';
import { databaseSandboxBooks, type SandboxBooks } from './sandbox/books';
import { SandboxGateway } from './sandbox/gateway';
import type { GatewayName, PaymentGateway } from './types';

export * from './types';
export { EpayGateway, epaySignature } from './epay/gateway';
export { EpusdtGateway, epusdtSignature } from './epusdt/gateway';
export {
  SandboxGateway,
  sandboxPayerSignature,
  sandboxPayerUrl,
  type SandboxCallbackBody,
} from './sandbox/gateway';
export { databaseSandboxBooks, memorySandboxBooks, type SandboxBooks } from './sandbox/books';
export { GATEWAY_TIMEOUT_MS, type GatewayHttpOptions } from './http';
export { PAYMENT_LIFETIME_SECONDS, defaultExpiry, trimBaseUrl } from './lifetime';
export { isDecimal } from './amounts';

export type PaymentConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'PUBLIC_URL'
  | 'PAY_STABLECOIN'
  | 'PAY_FIAT'
  | 'EPUSDT_URL'
  | 'EPUSDT_TOKEN'
  | 'EPAY_URL'
  | 'EPAY_PID'
  | 'EPAY_KEY'
  | 'EPAY_TYPE'
  | 'FIAT_CNY_RATE'
  | 'SANDBOX_PAY_SECRET'
>;

/** The adapters chosen by the configuration, one per pay type. */
export interface PaymentGateways {
  /** The gateway that creates payments of this pay type. */
  forPayType(payType: PayType): PaymentGateway;
  /** The configured gateway of that name (for its notify route); undefined when none is configured. */
  byName(name: GatewayName): PaymentGateway | undefined;
  /** The sandbox gateway serving this pay type, when the sandbox is chosen for it (the sandbox pay route). */
  sandboxFor(payType: PayType): SandboxGateway | undefined;
}

/**
 * Builds the gateways the configuration chooses; a sandbox keeps its books in `books`.
 * `loadConfig` has already checked that every variable a chosen gateway needs is present and that
 * production runs no sandbox; the checks here only guard callers that assemble a configuration by
 * hand.
 */
export function createPaymentGateways(
  config: PaymentConfig,
  books: SandboxBooks,
  clock: Clock = systemClock,
  http: GatewayHttpOptions = {},
): PaymentGateways {
  const build: Build = { books, http, now: () => clock.now() };
  const stablecoin = stablecoinGateway(config, build);
  const fiat = fiatGateway(config, build);
  const forPayType = (payType: PayType): PaymentGateway => (payType === PAY_TYPE_FIAT ? fiat : stablecoin);
  return {
    forPayType,
    byName: (name) => [stablecoin, fiat].find((gateway) => gateway.name === name),
    sandboxFor: (payType) => {
      const gateway = forPayType(payType);
      return gateway instanceof SandboxGateway ? gateway : undefined;
    },
  };
}

/**
 * The app's gateways: the sandbox's books in the database, so the payment routes and the
 * operators' reconcile (and a process started later) see the same payments.
 */
export function paymentGatewaysOf(
  config: PaymentConfig,
  clock: Clock,
  database: Pick<Database, 'db'>,
): PaymentGateways {
  return createPaymentGateways(config, databaseSandboxBooks(database.db), clock);
}

/** What every adapter is built with besides its settings. */
interface Build {
  books: SandboxBooks;
  http: GatewayHttpOptions;
  now: () => Date;
}

function stablecoinGateway(config: PaymentConfig, { books, http, now }: Build): PaymentGateway {
  if (config.PAY_STABLECOIN === 'sandbox') return sandbox(config, PAY_TYPE_STABLECOIN, books, now);
  return new EpusdtGateway(
    { url: required(config, 'EPUSDT_URL'), token: required(config, 'EPUSDT_TOKEN') },
    http,
    now,
  );
}

function fiatGateway(config: PaymentConfig, { books, http, now }: Build): PaymentGateway {
  if (config.PAY_FIAT === 'sandbox') return sandbox(config, PAY_TYPE_FIAT, books, now);
  return new EpayGateway(
    {
      url: required(config, 'EPAY_URL'),
      pid: required(config, 'EPAY_PID'),
      key: required(config, 'EPAY_KEY'),
      type: config.EPAY_TYPE,
      cnyRate: config.FIAT_CNY_RATE,
    },
    http,
    now,
  );
}

function sandbox(
  config: PaymentConfig,
  payType: PayType,
  books: SandboxBooks,
  now: () => Date,
): SandboxGateway {
  if (config.NODE_ENV === 'production') {
    throw new Error(
      `${payType === PAY_TYPE_FIAT ? 'PAY_FIAT' : 'PAY_STABLECOIN'}: the sandbox gateway is refused in production`,
    );
  }
  const secret = required(config, 'SANDBOX_PAY_SECRET');
  return new SandboxGateway(
    { payType, publicUrl: config.PUBLIC_URL, secret, cnyRate: config.FIAT_CNY_RATE },
    books,
    now,
  );
}

function required<K extends keyof PaymentConfig>(config: PaymentConfig, name: K): string {
  const value = config[name];
  if (typeof value !== 'string' || value === '')
    throw new Error(`${name}: required by the chosen payment gateway`);
  return value;
}
