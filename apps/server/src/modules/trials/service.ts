/**
 * Free 24-hour trials (issue 22, part G2; spec §1, §4, §5). A customer applies once (the database
 * keeps one pending or approved application per account); an operator in whose data scope the
 * customer is approves — a gift desktop (the smallest bundle, the chosen region) made through the
 * provisioning engine as a zero-amount order, running 24 hours from when it first runs — or rejects
 * with a reason the customer reads. Each outcome sends a notice.
 */
import {
  ErrorCode,
  TRIAL_HOURS,
  type FreeResourceApplication,
  type GiftOffer,
  type Language,
  type TrialApplication,
  type freeResourceApplyBody,
  type trialListQuery,
} from '@cloudbay/contracts';
import type { z } from 'zod';
import type { CoreDeps } from '../../app-deps';
import type { Database, Db } from '../../db/client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { JobSender } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import { formatDollars } from '../../lib/money';
import { offsetOf, pageOf } from '../../lib/paging';
import { rewardPercentText } from '../referral/service';
import { timeRange } from '../../lib/time-window';
import { customerScope } from '../business/scope';
import { findRegion } from '../catalog/repo';
import { findUserById } from '../identity/repo';
import { notify } from '../notices/service';
import { bonusPercentMicros } from '../payments/service';
import { giveTrialDesktop } from '../provisioning/service';
import {
  findLatestTrial,
  findTrialView,
  insertTrial,
  lockTrial,
  pageTrials,
  updateTrial,
  type RelatedRow,
  type TrialListRow,
} from './repo';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The name a trial desktop gets (the customer may rename it). */
export const TRIAL_DESKTOP_NAME = 'free-trial';

/** A percentage setting as a decimal string ("10", "7.5"); unreadable or missing: the default. */
/** Micro-units of a percentage as the shortest decimal ("10.00" → "10", "7.50" → "7.5"). */
function formatPercent(micros: bigint): string {
  return formatDollars(micros).replace(/\.?0+$/, '');
}

/**
 * GET /gift_offer: what the gift page promises, each figure from its setting — the trial's hours,
 * the first-recharge bonus (FIRST_RECHARGE_BONUS_PERCENT, the one the payments credit) and the
 * referral reward (`referral.reward_percent`, default 5, the referral programme's).
 */
export async function giftOffer({ db, pool }: Database): Promise<GiftOffer> {
  return {
    trial_hours: TRIAL_HOURS,
    first_recharge_bonus_percent: formatPercent(await bonusPercentMicros(db)),
    // The referral programme's own reading, so the two pages can never disagree.
    referral_reward_percent: await rewardPercentText(pool),
  };
}

function customerView(
  row: NonNullable<Awaited<ReturnType<typeof findLatestTrial>>>,
): FreeResourceApplication {
  const { trial } = row;
  return {
    id: trial.id,
    region_id: trial.regionId,
    contact_type: trial.contactType as FreeResourceApplication['contact_type'],
    contact: trial.contact,
    remark: trial.remark,
    status: trial.status as FreeResourceApplication['status'],
    reason: trial.reason,
    desktop_id: row.desktopId,
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    created_at: trial.createdAt.toISOString(),
    reviewed_at: trial.reviewedAt ? trial.reviewedAt.toISOString() : null,
  };
}

/** GET /user/free_resource_apply/latest. */
export async function latestApplication(db: Db, userId: number): Promise<FreeResourceApplication | null> {
  const row = await findLatestTrial(db, userId);
  return row ? customerView(row) : null;
}

/**
 * POST /user/free_resource_apply: a pending application in a desktop region on sale. A second one
 * while one is pending or approved — two at once included — is refused by the unique index
 * (409 TRIAL_ALREADY_APPLIED).
 */
export async function applyForTrial(
  db: Db,
  userId: number,
  input: z.output<typeof freeResourceApplyBody>,
  ip: string,
): Promise<FreeResourceApplication> {
  if (!(await findRegion(db, 'desktop', input.region_id))) {
    throw new AppError('validation', ErrorCode.TRIAL_REGION_REQUIRED);
  }
  const user = await findUserById(db, userId);
  const emailDomain = (user?.email.split('@')[1] ?? '').toLowerCase();
  try {
    await insertTrial(db, {
      userId,
      regionId: input.region_id,
      contactType: input.contact_type,
      contact: input.contact,
      remark: input.remark ?? '',
      ip: ip.slice(0, 64),
      emailDomain,
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw new AppError('conflict', ErrorCode.TRIAL_ALREADY_APPLIED);
    throw error;
  }
  return (await latestApplication(db, userId))!;
}

// ---------------------------------------------------------------------------------------------
// The operators' review

const relatedView = (row: RelatedRow) => ({
  id: Number(row.id),
  email: row.email,
  ip: row.ip,
  status: row.status as TrialApplication['status'],
  created_at: iso(row.created_at),
});

function operatorView(row: TrialListRow, language: Language): TrialApplication {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    email: row.email,
    region_id: Number(row.region_id),
    region_name: language === 'zh-CN' ? row.region_zh : row.region_en,
    contact_type: row.contact_type as TrialApplication['contact_type'],
    contact: row.contact,
    remark: row.remark,
    status: row.status as TrialApplication['status'],
    reason: row.reason,
    ip: row.ip,
    email_domain: row.email_domain,
    same_ip: row.same_ip.map(relatedView),
    same_domain: row.same_domain.map(relatedView),
    reviewed_by_email: row.reviewed_by_email,
    reviewed_at: isoOrNull(row.reviewed_at),
    desktop_id: row.desktop_id,
    created_at: iso(row.created_at),
  };
}

/** The operator's scope on the applicant (`u`) and on the other applicants of the signals (`ou`). */
async function scopesOf(db: Db, operatorId: number) {
  const [scope, otherScope] = await Promise.all([
    customerScope(db, operatorId, { alias: 'u' }),
    customerScope(db, operatorId, { alias: 'ou' }),
  ]);
  return { scope, otherScope };
}

/** GET /business/trial/list: applications of the customers in the operator's scope, newest first. */
export async function listTrials(
  db: Db,
  operatorId: number,
  query: z.output<typeof trialListQuery>,
  language: Language,
) {
  const { page: _page, limit, begin_time, end_time, ...filter } = query;
  const { rows, total } = await pageTrials(
    db,
    await scopesOf(db, operatorId),
    { ...filter, created: timeRange({ begin_time, end_time }) },
    { offset: offsetOf(query), limit },
  );
  return pageOf(
    rows.map((row) => operatorView(row, language)),
    total,
    query,
  );
}

const trialNotFound = () => new AppError('not_found', ErrorCode.TRIAL_NOT_FOUND);

export type TrialDeps = CoreDeps & { jobs: JobSender };

/**
 * Approve or reject a pending application of a customer in the operator's scope. The row lock makes
 * concurrent decisions queue (the later find it decided: 409 TRIAL_NOT_PENDING); the approval's
 * order key `trial:<id>` is the last guard against a second gift. The desktop, the decision and the
 * notice commit together.
 */
export async function decideTrial(
  deps: TrialDeps,
  operatorId: number,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  language: Language,
): Promise<TrialApplication> {
  const { db, pool } = deps.database;
  const scopes = await scopesOf(db, operatorId);
  if (!(await findTrialView(db, scopes, id))) throw trialNotFound();
  await inTransaction(pool, async (tx) => {
    const row = await lockTrial(tx.db, id);
    if (!row) throw trialNotFound();
    if (row.status !== 'pending') throw new AppError('conflict', ErrorCode.TRIAL_NOT_PENDING);
    const decided = { reviewedBy: operatorId, reviewedAt: deps.clock.now() };
    if (!decision.approve) {
      await updateTrial(tx.db, id, { ...decided, status: 'rejected', reason: decision.reason });
      await notify(tx.db, row.userId, 'trial_rejected', { reason: decision.reason });
      return;
    }
    const { desktop } = await giveTrialDesktop(tx, deps, {
      userId: row.userId,
      regionId: row.regionId,
      idempotencyKey: `trial:${row.id}`,
      name: TRIAL_DESKTOP_NAME,
      trialHours: TRIAL_HOURS,
    });
    await updateTrial(tx.db, id, { ...decided, status: 'approved', resourceId: desktop.id });
    await notify(tx.db, row.userId, 'trial_approved', {
      name: desktop.name,
      resourceId: desktop.resourceId,
      hours: TRIAL_HOURS,
    });
  });
  return operatorView((await findTrialView(db, scopes, id))!, language);
}
