/**
 * A cloud phone as the console shows it (contracts `phoneSchema`, spec §3 Cloud phone): what was
 * bought and changed (`resources.spec`), what the cloud reported (`resources.attributes`, kept
 * by the provisioning engine), and the actions its state and money rules allow now.
 */
import {
  PHONE_ACTIONS,
  type Phone,
  type PhoneAction,
  type PhoneProxy,
  type PhoneRunAction,
} from '@cloudbay/contracts';
import { renewalOffered } from '../billing/renewal';
import { formatRate } from '../catalog/service';
import { isActionAllowed, pendingCall, type ResourceAction } from '../provisioning/actions';
import type { ResourceRow } from '../provisioning/repo';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const whole = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** The engine's action behind each of the console's run actions (restart is eds-aic's reboot). */
export const ENGINE_ACTION: Record<PhoneRunAction, ResourceAction> = {
  start: 'start',
  stop: 'stop',
  restart: 'reboot',
  reset: 'reset',
};

/** A created phone that runs now, with no call in flight: what commands and imports need. */
export const phoneReady = (row: ResourceRow): boolean =>
  row.resourceStatus === 'created' &&
  row.instanceId !== null &&
  row.deletedAt === null &&
  row.status === 'running' &&
  pendingCall(row) === undefined;

/** ADB is on: the cloud reported an address in its last answer (a stop or reset switches it off). */
const adbOn = (row: ResourceRow): boolean => text(row.attributes.adbEndpoint) !== null;

/** Whether the console may offer `action` on the phone now. */
export function phoneActionAllowed(row: ResourceRow, action: PhoneAction): boolean {
  switch (action) {
    case 'renew':
    case 'auto_renew':
      return renewalOffered(row, action);
    case 'upgrade':
      return isActionAllowed(row, 'modify_spec');
    case 'rename':
      return isActionAllowed(row, 'rename');
    case 'run_command':
    case 'import_contacts':
      return phoneReady(row);
    case 'enable_adb':
      return isActionAllowed(row, 'enable_adb') && text(row.spec.keyPairId) !== null && !adbOn(row);
    case 'close_adb':
      return isActionAllowed(row, 'disable_adb') && adbOn(row);
    default:
      return isActionAllowed(row, ENGINE_ACTION[action]);
  }
}

export const phoneActions = (row: ResourceRow): PhoneAction[] =>
  PHONE_ACTIONS.filter((action) => phoneActionAllowed(row, action));

/** The elastic IP a phone is behind (an EIP row naming it, allocated), as the list shows it. */
export interface PhoneEip {
  eipId: string;
  address: string | null;
  /** The custom phone network the address belongs to, if any. */
  networkId: string | null;
}

export function toPhone(row: ResourceRow, eip?: PhoneEip, proxy?: PhoneProxy): Phone {
  const { spec, attributes } = row;
  return {
    id: row.resourceId,
    name: row.name,
    display_name: text(spec.displayName),
    status: row.status as Phone['status'],
    // The console's key pair id (the cloud reports its own, per region).
    key_pair_id: text(spec.keyPairId),
    group_id: typeof spec.groupId === 'number' ? spec.groupId : null,
    order_id: row.orderId,
    instance_id: row.instanceId,
    region_id: row.regionId,
    spec_id: text(spec.specId) ?? '',
    disk: whole(spec.diskGiB),
    memory: whole(spec.memoryGiB),
    cpu: whole(spec.cpu),
    billing_method: row.billingMethod as Phone['billing_method'],
    expired_at: row.expiresAt?.toISOString() ?? null,
    // The custom network whose address the phone is behind (issue 19), or the one it was made in.
    network_type: eip?.networkId ?? text(attributes.networkId) ?? 'default',
    eip_id: eip?.eipId ?? null,
    eip_address: eip?.address ?? null,
    proxy: proxy ?? null,
    // Device identity: what the cloud reports (device replacement sets it); null until it does.
    brand: text(attributes.brand),
    model: text(attributes.model),
    resolution: text(attributes.resolution) ?? text(spec.resolution),
    orientation: text(attributes.orientation),
    feature_level: text(attributes.featureLevel),
    image_id: text(spec.imageId),
    private_ip: text(attributes.privateIp),
    adb_enabled: adbOn(row),
    adb_address: text(attributes.adbEndpoint),
    auto_renew: row.autoRenew,
    hourly_price: formatRate(row.hourlyPriceMicros),
    created_at: row.createdAt.toISOString(),
    actions: phoneActions(row),
  };
}
