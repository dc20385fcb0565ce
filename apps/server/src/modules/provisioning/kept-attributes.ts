/**
 * What the console shows of the cloud's description of a resource, kept in its `attributes` (spec
 * §3: a cloud computer's private IP, a phone's device and ADB address), so lists need no cloud
 * call. Taken when the resource becomes ready and again from every action's answer, so an action
 * that changes one of them upstream (ADB switched on, or off by a stop or reset) shows at once.
 */
import type { CloudResource } from '../../providers/cloud/types';

export const KEPT_ATTRIBUTES: Partial<Record<string, readonly string[]>> = {
  desktop: ['privateIp'],
  // An office network's public IP (null on the free one), for GET /user/office_site.
  office_site: ['publicIp'],
  // What a phone's list shows of the device (spec §3 Cloud phone), as the cloud made it.
  phone: ['privateIp', 'resolution', 'keyPairId', 'networkId', 'brand', 'model', 'adbEnabled', 'adbEndpoint'],
};

/** The kept keys of the cloud's answer (null for a key it does not report). */
export function keptAttributes(kind: string, answer: CloudResource): Record<string, unknown> {
  const reported = answer.attributes as unknown as Record<string, unknown>;
  return Object.fromEntries((KEPT_ATTRIBUTES[kind] ?? []).map((key) => [key, reported[key] ?? null]));
}
