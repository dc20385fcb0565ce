/**
 * A desktop as the console shows it (contracts `desktopSchema`): what was bought and changed
 * (`resources.spec`), what the cloud reported (`resources.attributes`), its network's bandwidth,
 * and the actions its state allows now, decided by the provisioning state machine.
 */
import {
  DESKTOP_ACTIONS,
  type Desktop,
  type DesktopAction,
  type DesktopStatus,
  type ResourceStatus,
} from '@cloudbay/contracts';
import { formatRate } from '../catalog/service';
import { renewalOffered } from '../billing/renewal';
import { isActionAllowed } from '../provisioning/actions';
import type { ResourceRow } from '../provisioning/repo';

/** A spec or attribute field that holds text; null when absent or empty. */
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const whole = (value: unknown): number | null => (typeof value === 'number' ? value : null);

const isLive = (row: ResourceRow) => row.resourceStatus === 'created' && row.deletedAt === null;

/** Whether the console may offer `action` on the desktop now. */
export function desktopActionAllowed(row: ResourceRow, action: DesktopAction): boolean {
  switch (action) {
    case 'auto_renew':
    case 'renew':
      return renewalOffered(row, action);
    // A ticket is issued by a running desktop, whatever call may be in flight.
    case 'connect':
      return isLive(row) && row.instanceId !== null && row.status === 'running';
    default:
      return isActionAllowed(row, action);
  }
}

export const desktopActions = (row: ResourceRow): DesktopAction[] =>
  DESKTOP_ACTIONS.filter((action) => desktopActionAllowed(row, action));

/** The bandwidth (Mbps) of the office network a desktop names, from its row; null when unknown. */
export const bandwidthOf = (site: ResourceRow | undefined): number | null => whole(site?.spec.bandwidthMbps);

/** The desktop as the API answers it; `site` is the office network it names (for its bandwidth). */
export function toDesktop(row: ResourceRow, site: ResourceRow | undefined): Desktop {
  const { spec } = row;
  return {
    desktop_id: row.resourceId,
    name: row.name,
    status: row.status as DesktopStatus,
    resource_status: row.resourceStatus as ResourceStatus,
    region_id: row.regionId,
    office_site_id: text(spec.officeSiteId),
    billing_method: row.billingMethod as Desktop['billing_method'],
    auto_renew: row.autoRenew,
    expire_time: row.expiresAt?.toISOString() ?? null,
    hourly_price: formatRate(row.hourlyPriceMicros),
    stop_reason: row.stopReason,
    created_at: row.createdAt.toISOString(),
    instance_id: row.instanceId,
    desktop_type: text(spec.desktopType) ?? '',
    cpu: whole(spec.cpu) ?? 0,
    memory: whole(spec.memoryGiB) ?? 0,
    system_disk: whole(spec.systemDiskGiB) ?? 0,
    bundle_id: text(spec.bundleId),
    image_id: text(spec.imageId),
    bandwidth: bandwidthOf(site),
    end_user: text(spec.endUser),
    policy_id: text(spec.policyId),
    gift: row.gift,
    private_ip: text(row.attributes.privateIp),
    actions: desktopActions(row),
  };
}
