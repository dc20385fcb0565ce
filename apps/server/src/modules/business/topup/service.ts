/**
 * The operators' top-ups (issue 18, `/business/topup`): every customer's top-up orders in the
 * operator's data scope with the gateway's trade id, each one's callback history (signatures and
 * secrets masked), the export, what the gateway says of a payment, the manual reconcile of a
 * payment whose callback never arrived, and the gateway settings (never a secret).
 */
import {
  ErrorCode,
  PAY_TYPES,
  type BizGatewayAnswer,
  type BizGatewaySetting,
  type BizTopup,
  type BizTopupDetail,
  type BizTopupFilter,
  type Language,
} from '@cloudbay/contracts';
import type { SQL } from 'drizzle-orm';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { formatDollars } from '../../../lib/money';
import { sheetExport, type SheetFormat } from '../../../lib/sheet-export';
import { timeRange } from '../../../lib/time-window';
import type { PaymentGateways } from '../../../providers/payments';
import { dictLabels } from '../../dict/service';
import { maskSecrets } from '../../monitor/logs/mask';
import { askGateway, notifyUrl, reconcileTopup, type PaymentDeps } from '../../payments/service';
import { topupCells, topupCsvTitles } from '../../payments/topups-csv';
import { pageInSql } from '../../../lib/paging';
import { customerScope, inScopeOr404 } from '../scope';
import {
  countBizTopups,
  findBizTopupBatch,
  findBizTopups,
  findCallbacksOfOrder,
  findScopedTopup,
  operatorEmail,
  type BizTopupCriteria,
  type BizTopupRow,
} from './repo';

function toBizTopup(row: BizTopupRow): BizTopup {
  return {
    id: row.id,
    no: row.no,
    user_id: row.userId,
    email: row.email,
    pay_type: row.payType,
    gateway: row.gateway,
    trade_id: row.tradeId,
    status: row.status,
    money: formatDollars(row.moneyMicros),
    credited: formatDollars(row.creditedMicros),
    bonus: formatDollars(row.bonusMicros),
    rate_amount: row.rateAmount,
    currency: row.currency,
    paid_amount: row.paidAmount,
    failure: row.failure,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

async function criteriaOf(db: Db, operatorId: number, filter: BizTopupFilter): Promise<BizTopupCriteria> {
  return {
    scope: await customerScope(db, operatorId),
    noPrefix: filter.no,
    emailPrefix: filter.email,
    tradeId: filter.trade_id,
    gateway: filter.gateway,
    status: filter.status,
    payType: filter.pay_type,
    ...timeRange(filter),
  };
}

export async function pageBizTopups(
  db: Db,
  operatorId: number,
  query: BizTopupFilter & { page: number; limit: number },
) {
  const criteria = await criteriaOf(db, operatorId, query);
  return pageInSql(query, {
    rows: (page) => findBizTopups(db, criteria, page),
    count: () => countBizTopups(db, criteria),
    item: toBizTopup,
  });
}

async function scopedTopup(db: Db, operatorId: number, id: number): Promise<BizTopupRow> {
  const find = (scope: SQL) => findScopedTopup(db, scope, id);
  const row = await inScopeOr404(db, operatorId, ErrorCode.TOPUP_ORDER_NOT_FOUND, find);
  return row;
}

/** Verdicts that mean the signature was checked and failed; null where none was checked. */
const SIGNATURE_FAILED = new Set(['bad_signature', 'missing_signature']);
const SIGNATURE_UNCHECKED = new Set(['not_configured', 'reconciled']);

function signatureValid(verdict: string): boolean | null {
  if (SIGNATURE_UNCHECKED.has(verdict)) return null;
  return !SIGNATURE_FAILED.has(verdict);
}

/** One top-up in the scope with every callback received for it, oldest first; outside 404. */
export async function getBizTopup(db: Db, operatorId: number, id: number): Promise<BizTopupDetail> {
  const row = await scopedTopup(db, operatorId, id);
  const callbacks = await findCallbacksOfOrder(db, row.no);
  return {
    ...toBizTopup(row),
    callbacks: callbacks.map((callback) => ({
      id: callback.id,
      gateway: callback.gateway,
      verdict: callback.verdict,
      signature_valid: signatureValid(callback.verdict),
      payload: maskSecrets(callback.payload) as Record<string, unknown>,
      created_at: callback.createdAt.toISOString(),
    })),
  };
}

/** What the order's gateway says of its payment, before an operator confirms a reconcile. */
export async function gatewayAnswer(
  db: Db,
  gateways: PaymentGateways,
  operatorId: number,
  id: number,
): Promise<BizGatewayAnswer> {
  const row = await scopedTopup(db, operatorId, id);
  const { gateway, paid, coversOrder } = await askGateway(gateways, row);
  return {
    gateway: gateway.name,
    paid: paid !== null,
    trade_id: paid?.tradeId ?? null,
    paid_amount: paid?.paidAmount ?? null,
    currency: paid?.currency ?? null,
    covers_order: coversOrder,
  };
}

/** The manual reconcile of a top-up in the scope (payments' `reconcileTopup`); answers it afterwards. */
export async function reconcileBizTopup(
  deps: Pick<PaymentDeps, 'database' | 'gateways' | 'clock'>,
  operatorId: number,
  id: number,
  reason: string,
): Promise<BizTopupDetail> {
  const { db } = deps.database;
  const row = await scopedTopup(db, operatorId, id);
  const email = await operatorEmail(db, operatorId);
  await reconcileTopup(deps, row, { operatorId, operatorEmail: email, reason });
  return getBizTopup(db, operatorId, id);
}

/** Which gateway serves each pay type and where it calls back; no key, token or merchant secret. */
export function gatewaySettings(
  config: Pick<Config, 'PUBLIC_URL'>,
  gateways: PaymentGateways,
): BizGatewaySetting[] {
  return PAY_TYPES.map((payType) => {
    const gateway = gateways.forPayType(payType);
    return {
      pay_type: payType,
      gateway: gateway.name,
      // Every pay type has a configured gateway (the configuration refuses to start otherwise).
      enabled: true,
      callback_url: gateway.name === 'sandbox' ? null : notifyUrl(config, gateway.name),
    };
  });
}

const EXTRA_TITLES: Record<Language, string[]> = {
  'zh-CN': ['客户邮箱', '支付网关', '网关交易号'],
  'en-US': ['Customer e-mail', 'Gateway', 'Gateway trade id'],
};

/** The filtered top-ups in the scope as XLSX or CSV, newest first. */
export async function exportBizTopups(
  db: Db,
  operatorId: number,
  filter: BizTopupFilter,
  options: { format: SheetFormat; language: Language; timeZone: string; now: Date },
) {
  const { language, timeZone } = options;
  const criteria = await criteriaOf(db, operatorId, filter);
  const payTypeLabel = await dictLabels(db, 'pay_type', language);
  return sheetExport({
    subject: 'topups',
    format: options.format,
    now: options.now,
    timeZone,
    header: [...EXTRA_TITLES[language], ...topupCsvTitles(language, timeZone)],
    readBatch: (belowId, limit) => findBizTopupBatch(db, criteria, belowId, limit),
    cells: (row) => [
      row.email,
      row.gateway,
      row.tradeId ?? '',
      ...topupCells(row, { language, timeZone, payTypeLabel }),
    ],
  });
}
