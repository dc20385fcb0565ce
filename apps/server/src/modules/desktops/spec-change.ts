/**
 * Changing a shut-down desktop's configuration (POST /user/desktop/{desktop_id}/spec, spec §4:
 * shutdown first; §5: the system disk only grows). The price is GET /user/modify_spec_price's
 * (`quoteDesktopModification`): a subscription pays the prorated difference now (an order of
 * action `upgrade`, none when nothing is payable), pay-as-you-go pays the new hourly price from
 * now on. Charge and cloud call, exactly once each: billing's `changeSpec`.
 */
import { ErrorCode, type DesktopSpecBody } from '@cloudbay/contracts';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { changeSpec, type SpecChange, type SpecPlan } from '../billing/spec-change';
import { findDesktopType } from '../catalog/repo';
import { quoteDesktopModification } from '../catalog/service';
import type { SpecChangeQuote } from '../catalog/pricing';
import type { ActionDeps } from '../provisioning/actions';
import type { ResourceRow } from '../provisioning/repo';
import { findBundleOfType } from './repo';

/** The current type and disk, and what the body asks for; 422 when it shrinks or changes nothing. */
async function planChange(tx: Tx, row: ResourceRow, body: DesktopSpecBody, now: Date): Promise<SpecPlan> {
  const currentType = String(row.spec.desktopType);
  const currentDisk = Number(row.spec.systemDiskGiB);
  const nextType = body.desktop_type ?? currentType;
  const nextDisk = body.system_disk ?? currentDisk;
  if (nextDisk < currentDisk) {
    throw new AppError('business_rule', ErrorCode.SYSTEM_DISK_SHRINK, { current: currentDisk });
  }
  if (nextType === currentType && nextDisk === currentDisk) {
    throw new AppError('business_rule', ErrorCode.SPEC_UNCHANGED);
  }
  const quote = await quoteDesktopModification(tx.db, {
    current: { regionId: row.regionId!, desktopType: currentType, systemDiskGib: currentDisk },
    next: { desktopType: nextType, systemDiskGib: nextDisk },
    billingMethod: row.billingMethod as SpecChangeQuote['billingMethod'],
    expiresAt: row.expiresAt,
    now,
  });
  // The quote has checked the type is on sale.
  const type = (await findDesktopType(tx.db, nextType))!;
  const bundle = await findBundleOfType(tx.db, type.id);
  const sizes = { cpu: type.cpu, memoryGiB: type.memoryGib, systemDiskGiB: nextDisk };
  return {
    quote,
    spec: { desktopType: type.typeId, ...sizes, bundleId: bundle?.bundleId ?? null },
    params: { ...sizes, ...(bundle ? { bundleId: bundle.bundleId } : {}) },
    summary: `${currentType} ${currentDisk} GiB → ${nextType} ${nextDisk} GiB`,
  };
}

/**
 * Changes one of the caller's desktops to another type and/or a larger system disk. 404 for
 * another's desktop, 409 unless shut down (the state machine), 422 SYSTEM_DISK_SHRINK /
 * SPEC_UNCHANGED / INSUFFICIENT_BALANCE; a refusal by the cloud answers its error, after the
 * change is undone and refunded.
 */
export function changeDesktopSpec(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  body: DesktopSpecBody,
  requestKey: string,
): Promise<SpecChange> {
  return changeSpec(deps, {
    userId,
    kind: 'desktop',
    resourceId: desktopId,
    notFound: ErrorCode.DESKTOP_NOT_FOUND,
    requestKey,
    plan: (tx, row, now) => planChange(tx, row, body, now),
  });
}
