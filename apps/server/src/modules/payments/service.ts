/**
 * Top-up orders (spec §4 Top-up order, §5 Top-up): create an order and its payment at the gateway,
 * answer its status and the customer's records, and complete it from a verified gateway callback.
 *
 * Money received is never lost and never counted twice: a callback is verified before anything
 * else, then one database transaction locks the order, credits the wallet under the key
 * `topup:<no>`, grants the first-recharge bonus under `topup_bonus:<userId>` and marks the order
 * paid, so duplicates, retries and concurrent deliveries find the order paid (or the ledger key
 * taken) and move nothing.
 */
import { randomInt } from 'node:crypto';
import {
  ErrorCode,
  FIRST_RECHARGE_BONUS_PERCENT,
  PAY_INFO_FAILED,
  TOPUP_STATUS,
  type PayInfo,
  type PayType,
  type SandboxOrder,
  type Language,
  type TopupFilter,
  type TopupOrderCreated,
  type TopupRecord,
} from '@cloudbay/contracts';
import type { Config } from '../../config/env';
import type { Database, Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import type { JobQueue } from '../../jobs/queue';
import { csvExport, csvFileName, type CsvExport } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { formatDollars, parseMicros, roundMicrosToCents } from '../../lib/money';
import { timeRange } from '../../lib/time-window';
import type { Clock } from '../../lib/clock';
import {
  defaultExpiry,
  isCallbackError,
  isDecimal,
  isGatewayError,
  type CallbackRequest,
  type CreatedPayment,
  type GatewayName,
  type PaymentGateway,
  type PaymentCurrency,
  type PaymentGateways,
  type SandboxGateway,
  type VerifiedCallback,
  trimBaseUrl,
} from '../../providers/payments';
import { dictLabels } from '../dict/service';
import { credit } from '../wallet/ledger';
import { ledgerMemo } from '../wallet/memos';
import { notify } from '../notices/service';
import { findSetting } from '../system/repo';
import {
  countOrdersOfUser,
  findOrderByNo,
  findOrderOfUser,
  findOrdersOfUser,
  findTopupBatch,
  hasOtherPaidOrder,
  insertCallbackLog,
  insertTopupOrder,
  lockCustomerTopups,
  lockOrderByNo,
  markOrderFailed,
  markOrderPaid,
  saveGatewayDetails,
  type TopupCriteria,
  type TopupOrderRow,
} from './repo';
import { topupCsvLine, topupCsvTitles } from './topups-csv';

/** The job that times an unpaid order out when its payment window closes. */
export const EXPIRE_JOB = 'payments.expire';
/** The setting (sys_configs) holding the first-recharge bonus, in percent of the first top-up. */
export const BONUS_PERCENT_SETTING = 'FIRST_RECHARGE_BONUS_PERCENT';

export interface PaymentDeps {
  config: Pick<Config, 'PUBLIC_URL'>;
  database: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  gateways: PaymentGateways;
  clock: Clock;
}

const ORDER_NO_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * 20 characters: the UTC second (so numbers sort and read by time in support conversations) and
 * 6 random letters or digits (2 billion per second; the unique index settles the rest).
 */
export function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)];
  return `${stamp}${suffix}`;
}

const baseUrl = (config: PaymentDeps['config']) => trimBaseUrl(config.PUBLIC_URL);

/** Where a gateway posts its callbacks (the sandbox's never leave the process). */
export function notifyUrl(config: PaymentDeps['config'], gateway: GatewayName): string {
  return `${baseUrl(config)}/api/pay/${gateway}/notify`;
}

function payInfo(payment: CreatedPayment, expiresAt: Date): PayInfo {
  return {
    code: 200,
    msg: 'ok',
    qrcode: payment.qrcode,
    address: payment.address,
    rate_amount: payment.rateAmount,
    currency: payment.currency,
    expires_at: expiresAt.toISOString(),
  };
}

function failedPayInfo(order: TopupOrderRow, message: string): PayInfo {
  return {
    code: PAY_INFO_FAILED,
    msg: message,
    qrcode: '',
    address: '',
    rate_amount: '',
    currency: '',
    expires_at: order.expiresAt.toISOString(),
  };
}

/**
 * POST /orders. The order and its expiry job are committed first, so a payment the gateway knows
 * about always has an order to land on; the gateway is called outside any transaction (it may
 * take seconds) and its answer stored afterwards. A gateway failure marks the order failed and
 * answers `pay_info.code` -1 with the gateway's reason.
 */
export async function createTopupOrder(
  deps: PaymentDeps,
  userId: number,
  input: { money: string; pay_type: PayType },
  clientIp: string,
): Promise<TopupOrderCreated> {
  const now = deps.clock.now();
  const payType = input.pay_type;
  const gateway = deps.gateways.forPayType(payType);
  const order = await inTransaction(deps.database.pool, async (tx) => {
    const row = await insertTopupOrder(tx.db, {
      no: newOrderNo(now),
      userId,
      payType,
      gateway: gateway.name,
      moneyMicros: parseMicros(input.money),
      expiresAt: defaultExpiry(now),
    });
    await deps.jobs.enqueue(tx, EXPIRE_JOB, { no: row.no }, { startAfter: row.expiresAt });
    return row;
  });
  const answer = (info: PayInfo) => ({
    order_id: order.id,
    no: order.no,
    pay_type: Number(payType),
    pay_info: info,
  });

  let payment: CreatedPayment;
  try {
    payment = await gateway.createPayment({
      no: order.no,
      amountMicros: order.moneyMicros,
      payType,
      notifyUrl: notifyUrl(deps.config, gateway.name),
      returnUrl: `${baseUrl(deps.config)}/mesceter/topup`,
      clientIp,
      subject: `Cloudbay top-up ${order.no}`,
    });
  } catch (error) {
    await markOrderFailed(deps.database.db, order.id, error instanceof Error ? error.message : String(error));
    if (isGatewayError(error)) return answer(failedPayInfo(order, error.message));
    throw error;
  }
  // The QR is good until the earlier of our window and the gateway's (its clock, its rules); the
  // expiry job, queued for our window's end, then finds the order overdue either way.
  const expiresAt = payment.expiresAt < order.expiresAt ? payment.expiresAt : order.expiresAt;
  await saveGatewayDetails(deps.database.db, order.id, {
    tradeId: payment.tradeId,
    qrcode: payment.qrcode,
    address: payment.address,
    rateAmount: payment.rateAmount,
    currency: payment.currency,
    expiresAt,
  });
  return answer(payInfo(payment, expiresAt));
}

/** GET /orders/{order_id}/status: the customer's own orders only; others' answer 404. */
export async function topupStatus(db: Db, userId: number, orderId: number): Promise<{ status: number }> {
  const order = await findOrderOfUser(db, orderId, userId);
  if (!order) throw new AppError('not_found', ErrorCode.TOPUP_ORDER_NOT_FOUND);
  return { status: order.status };
}

function topupRecord(row: TopupOrderRow): TopupRecord {
  return {
    order_id: row.id,
    no: row.no,
    pay_type: Number(row.payType),
    status: row.status,
    money: formatDollars(row.moneyMicros),
    actual_money: formatDollars(row.creditedMicros),
    bonus_money: formatDollars(row.bonusMicros),
    rate_amount: row.rateAmount,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

function topupCriteria(userId: number, filter: TopupFilter): TopupCriteria {
  return { userId, status: filter.status, payType: filter.pay_type, ...timeRange(filter) };
}

/** GET /orders: the customer's top-ups, newest first, one page read in SQL. */
export async function listTopups(
  db: Db,
  userId: number,
  query: TopupFilter & { page: number; limit: number },
) {
  const criteria = topupCriteria(userId, query);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    findOrdersOfUser(db, criteria, { offset, limit: query.limit }),
    countOrdersOfUser(db, criteria),
  ]);
  return { list: rows.map(topupRecord), total, page: query.page, limit: query.limit };
}

/**
 * POST /orders/export: the customer's top-ups matching `filter` as a CSV stream (newest first, at
 * most EXPORT_MAX_ROWS), titles and labels in `language`, times in `timeZone`.
 */
export async function exportTopups(
  db: Db,
  userId: number,
  filter: TopupFilter,
  options: { language: Language; timeZone: string; now: Date },
): Promise<CsvExport> {
  const { language, timeZone } = options;
  const criteria = topupCriteria(userId, filter);
  const payTypeLabel = await dictLabels(db, 'pay_type', language);
  return csvExport({
    filename: csvFileName('topups', options.now, timeZone),
    header: topupCsvTitles(language, timeZone),
    readBatch: (belowId, limit) => findTopupBatch(db, criteria, belowId, limit),
    line: (row) => topupCsvLine(row, { language, timeZone, payTypeLabel }),
  });
}

/** The bonus percent from the settings; a missing or unreadable value falls back to the default. */
export async function bonusPercentMicros(db: Db): Promise<bigint> {
  const text = (await findSetting(db, BONUS_PERCENT_SETTING))?.trim();
  try {
    if (text !== undefined) return parseMicros(text);
  } catch {
    // An operator's typo must not block crediting the payment itself.
  }
  return BigInt(FIRST_RECHARGE_BONUS_PERCENT) * 1_000_000n;
}

/**
 * Grants the first-recharge bonus when `order` is the customer's first paid top-up; answers the
 * bonus credited now (0 when none). The caller holds the customer's top-up lock, so the "first"
 * check sees every other paid order; the ledger key `topup_bonus:<userId>` is the last guard.
 */
async function grantFirstRechargeBonus(tx: Tx, order: TopupOrderRow): Promise<bigint> {
  if (await hasOtherPaidOrder(tx.db, order.userId, order.id)) return 0n;
  const percentMicros = await bonusPercentMicros(tx.db);
  const bonus = roundMicrosToCents((order.moneyMicros * percentMicros) / 100_000_000n);
  if (bonus <= 0n) return 0n;
  const posted = await credit(tx, {
    userId: order.userId,
    amountMicros: bonus,
    kind: 'topup_bonus',
    idempotencyKey: `topup_bonus:${order.userId}`,
    reference: order.no,
    ...ledgerMemo('first_recharge_bonus'),
  });
  return posted.replayed ? 0n : bonus;
}

export type CallbackVerdict =
  | 'credited'
  | 'duplicate'
  | 'amount_mismatch'
  | 'unknown_order'
  | 'waiting'
  | 'expired'
  | 'bad_signature'
  | 'missing_signature'
  | 'malformed'
  | 'not_configured'
  | 'error'
  /** Not a callback: an operator completed the order from the gateway's own answer. */
  | 'reconciled';

/** Verdicts the gateway is told were handled (it stops retrying); the others answer 400. */
const ACCEPTED: ReadonlySet<CallbackVerdict> = new Set(['credited', 'duplicate', 'waiting', 'expired']);

export interface CallbackOutcome {
  verdict: CallbackVerdict;
  /** The HTTP status and plain body for the gateway. */
  status: number;
  body: string;
  order?: TopupOrderRow;
}

/** What the order asked in `currency`, when it recorded a readable amount in that currency. */
function askedMicros(order: TopupOrderRow, currency: PaymentCurrency): bigint | undefined {
  if (order.currency !== currency || !isDecimal(order.rateAmount)) return undefined;
  return parseMicros(order.rateAmount);
}

/**
 * Whether a paid callback covers the order. The payment currency decides: the amount asked is
 * stored on the order, so a rate change between asking and paying cannot make an exact payment
 * short. A USD amount the gateway states itself must cover the order as well; one converted at
 * today's rate only stands in for an order that recorded no amount in the payment currency.
 */
function paidInFull(order: TopupOrderRow, paid: VerifiedCallback): boolean {
  const asked = askedMicros(order, paid.currency);
  if (asked !== undefined && paid.paidMicros < asked) return false;
  if (asked !== undefined && paid.amountConverted) return true;
  return paid.amountMicros >= order.moneyMicros;
}

/**
 * Completes the order a verified paid callback (or the gateway's answer to a query) names, inside
 * `tx`; `audit` joins the credit's metadata (who reconciled it).
 */
async function completePaidOrder(
  tx: Tx,
  gateway: PaymentGateway,
  paid: VerifiedCallback,
  now: Date,
  audit: Record<string, unknown> = {},
): Promise<{ verdict: CallbackVerdict; order?: TopupOrderRow }> {
  const order = await lockOrderByNo(tx.db, paid.no);
  // Another gateway's callback cannot complete this order, however well it is signed.
  if (!order || order.gateway !== gateway.name) return { verdict: 'unknown_order' };
  if (order.status === TOPUP_STATUS.PAID) return { verdict: 'duplicate', order };
  if (!paidInFull(order, paid)) return { verdict: 'amount_mismatch', order };

  await lockCustomerTopups(tx.db, order.userId);
  await credit(tx, {
    userId: order.userId,
    amountMicros: order.moneyMicros,
    kind: 'topup',
    idempotencyKey: `topup:${order.no}`,
    reference: order.no,
    metadata: { gateway: gateway.name, trade_id: paid.tradeId, paid_amount: paid.paidAmount, ...audit },
  });
  const bonus = await grantFirstRechargeBonus(tx, order);
  await markOrderPaid(tx.db, order.id, {
    paidAt: now,
    paidAmount: paid.paidAmount,
    tradeId: paid.tradeId,
    creditedMicros: order.moneyMicros + bonus,
    bonusMicros: bonus,
  });
  // A payment after the order timed out is still the customer's money: credited, and said so.
  await notify(
    tx.db,
    order.userId,
    order.status === TOPUP_STATUS.TIMEOUT ? 'topup_paid_late' : 'topup_paid',
    {
      no: order.no,
      money: formatDollars(order.moneyMicros),
      bonus: formatDollars(bonus),
    },
  );
  return { verdict: 'credited', order };
}

/** What a callback carried, for the log, whether or not it could be verified. */
function receivedPayload(request: CallbackRequest): Record<string, unknown> {
  const source = request.method.toUpperCase() === 'GET' ? request.query : request.body;
  if (source && typeof source === 'object' && !Array.isArray(source))
    return source as Record<string, unknown>;
  return { body: source === undefined ? null : String(source) };
}

function orderNoOf(payload: Record<string, unknown>): string | null {
  const value = payload.order_id ?? payload.out_trade_no ?? payload.no;
  return typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 64) : null;
}

function outcome(gateway: PaymentGateway | undefined, verdict: CallbackVerdict, order?: TopupOrderRow) {
  const accepted = ACCEPTED.has(verdict);
  return {
    verdict,
    status: accepted ? 200 : verdict === 'not_configured' ? 404 : 400,
    body: accepted && gateway ? gateway.acknowledgement : 'fail',
    order,
  };
}

/**
 * A gateway callback, start to end: verify (nothing else happens to an untrusted one), then
 * complete the order if it reports a payment. Every callback is logged with its verdict; a
 * credited one in the same transaction as the money.
 */
export async function handleCallback(
  deps: Pick<PaymentDeps, 'database' | 'gateways' | 'clock'>,
  gatewayName: GatewayName,
  request: CallbackRequest,
): Promise<CallbackOutcome> {
  const { db, pool } = deps.database;
  const gateway = deps.gateways.byName(gatewayName);
  const received = receivedPayload(request);
  const log = (verdict: CallbackVerdict, payload = received, no = orderNoOf(received)) =>
    insertCallbackLog(db, { gateway: gatewayName, orderNo: no, payload, verdict });

  if (!gateway) {
    await log('not_configured');
    return outcome(gateway, 'not_configured');
  }
  let verified: VerifiedCallback;
  try {
    verified = gateway.verifyCallback(request);
  } catch (error) {
    if (!isCallbackError(error)) throw error;
    await log(error.reason);
    return outcome(gateway, error.reason);
  }
  if (verified.status !== 'paid') {
    await log(verified.status, verified.raw, verified.no);
    return outcome(gateway, verified.status);
  }
  try {
    const result = await inTransaction(pool, async (tx) => {
      const done = await completePaidOrder(tx, gateway, verified, deps.clock.now());
      await insertCallbackLog(tx.db, {
        gateway: gatewayName,
        orderNo: verified.no,
        payload: verified.raw,
        verdict: done.verdict,
      });
      return done;
    });
    return outcome(gateway, result.verdict, result.order);
  } catch (error) {
    // Not answered `ok`, so the gateway retries; the log shows the attempt.
    await log('error', verified.raw, verified.no).catch(() => undefined);
    throw error;
  }
}

/** What the order's gateway answers about its payment, and whether that payment covers the order. */
export interface GatewayPaymentAnswer {
  gateway: PaymentGateway;
  /** The payment the gateway holds, read as its paid callback would be; null when none. */
  paid: VerifiedCallback | null;
  coversOrder: boolean;
}

/**
 * Asks the order's gateway about its payment (the operator's reconcile, before and when
 * confirming). A gateway that fails to answer makes it 503 TOPUP_GATEWAY_QUERY_FAILED with the
 * gateway's reason (nothing is moved).
 */
export async function askGateway(
  gateways: PaymentGateways,
  order: TopupOrderRow,
): Promise<GatewayPaymentAnswer> {
  const gateway = gateways.byName(order.gateway as GatewayName);
  // The order's gateway is no longer configured: nobody can be asked, so nothing can be confirmed.
  if (!gateway) throw new AppError('business_rule', ErrorCode.TOPUP_GATEWAY_UNPAID);
  let found: VerifiedCallback | null;
  try {
    found = await gateway.queryPayment({
      no: order.no,
      tradeId: order.tradeId,
      amountMicros: order.moneyMicros,
      rateAmount: order.rateAmount,
    });
  } catch (error) {
    if (!isGatewayError(error)) throw error;
    throw new AppError('unavailable', ErrorCode.TOPUP_GATEWAY_QUERY_FAILED, { reason: error.message });
  }
  const paid = found?.status === 'paid' && found.no === order.no ? found : null;
  return { gateway, paid, coversOrder: paid !== null && paidInFull(order, paid) };
}

/**
 * The operator's manual reconcile of a pending or timed-out top-up whose callback never came: the
 * gateway is asked, and only a payment it confirms in full completes the order, through the very
 * transaction a paid callback runs (order row locked, credit under `topup:<no>`, bonus, notice).
 * So a late genuine callback finds the order paid and credits nothing, and two reconciles credit
 * once. Logged in the callback history as `reconciled`, with the operator and the reason.
 */
export async function reconcileTopup(
  deps: Pick<PaymentDeps, 'database' | 'gateways' | 'clock'>,
  order: TopupOrderRow,
  audit: { operatorId: number; operatorEmail: string; reason: string },
): Promise<TopupOrderRow> {
  if (order.status !== TOPUP_STATUS.PENDING && order.status !== TOPUP_STATUS.TIMEOUT) {
    throw new AppError('conflict', ErrorCode.TOPUP_NOT_RECONCILABLE);
  }
  const { gateway, paid, coversOrder } = await askGateway(deps.gateways, order);
  if (!paid || !coversOrder) throw new AppError('business_rule', ErrorCode.TOPUP_GATEWAY_UNPAID);
  return inTransaction(deps.database.pool, async (tx) => {
    const done = await completePaidOrder(tx, gateway, paid, deps.clock.now(), {
      reconciled_by: audit.operatorId,
      reason: audit.reason,
    });
    // Paid meanwhile (a callback got in first): nothing more to do, and nothing was moved.
    if (done.verdict === 'duplicate') throw new AppError('conflict', ErrorCode.TOPUP_NOT_RECONCILABLE);
    if (done.verdict !== 'credited') throw new AppError('business_rule', ErrorCode.TOPUP_GATEWAY_UNPAID);
    await insertCallbackLog(tx.db, {
      gateway: gateway.name,
      orderNo: order.no,
      payload: {
        source: 'manual_reconcile',
        operator: audit.operatorEmail,
        reason: audit.reason,
        gateway_answer: paid.raw,
      },
      verdict: 'reconciled',
    });
    return (await findOrderByNo(tx.db, order.no))!;
  });
}

/** Who asks for a sandbox payer page: the signed-in user, if any, and the link's signature, if any. */
export interface PayerAccess {
  userId?: number;
  signature?: string;
}

/**
 * A sandbox order by number with its gateway, for its owner or the holder of its signed link.
 * Everything else (no such order, another gateway's order, someone else's order without the
 * signature) answers the same 404, so a guessed number reveals nothing.
 */
async function sandboxOrderRow(
  deps: Pick<PaymentDeps, 'database' | 'gateways'>,
  no: string,
  access: PayerAccess,
): Promise<{ order: TopupOrderRow; sandbox: SandboxGateway }> {
  const order = await findOrderByNo(deps.database.db, no);
  const sandbox =
    order?.gateway === 'sandbox' ? deps.gateways.sandboxFor(order.payType as PayType) : undefined;
  const allowed =
    order !== undefined &&
    sandbox !== undefined &&
    (order.userId === access.userId || sandbox.isPayerSignature(order.no, access.signature));
  if (!allowed) throw new AppError('not_found', ErrorCode.TOPUP_ORDER_NOT_FOUND);
  return { order, sandbox };
}

/** GET /pay/sandbox/{no}: what the sandbox payer page shows. */
export async function sandboxOrder(
  deps: Pick<PaymentDeps, 'database' | 'gateways'>,
  no: string,
  access: PayerAccess,
): Promise<SandboxOrder> {
  const { order } = await sandboxOrderRow(deps, no, access);
  return {
    no: order.no,
    money: formatDollars(order.moneyMicros),
    rate_amount: order.rateAmount,
    currency: order.currency,
    status: order.status,
    expires_at: order.expiresAt.toISOString(),
  };
}

/**
 * POST /pay/sandbox/{no}/pay: the sandbox pays the order in full. The callback is signed by the
 * sandbox gateway and goes through {@link handleCallback}, exactly as a real gateway's would.
 */
export async function paySandboxOrder(
  deps: Pick<PaymentDeps, 'database' | 'gateways' | 'clock'>,
  no: string,
  access: PayerAccess,
): Promise<{ status: number }> {
  const { order, sandbox } = await sandboxOrderRow(deps, no, access);
  const body = await sandbox.receivePayment(order.no, order.moneyMicros);
  await handleCallback(deps, 'sandbox', { method: 'POST', body, query: {}, headers: {} });
  return { status: (await findOrderByNo(deps.database.db, no))?.status ?? order.status };
}
