/**
 * What the console keeps of the cloud's description of a resource, in its `attributes` (spec §3:
 * a cloud computer's private IP, a phone's device and ADB address), so lists need no cloud call:
 * taken when the resource becomes ready and again with every action's answer (a replaced phone's
 * new identity; ADB switched on, or off by a stop or reset).
 */
import type { CloudResource } from '../../providers/cloud/types';

export const KEPT_ATTRIBUTES: Partial<Record<string, readonly string[]>> = {
  // A cloud computer's private IP (spec §3).
  desktop: ['privateIp'],
  // An office network's public IP (null on the free one), for GET /user/office_site.
  office_site: ['publicIp'],
  // What a phone's list shows of the device (spec §3 Cloud phone), as the cloud made it, and its
  // identity (brand, model, ids, SIM country: device replacement changes them).
  phone: [
    'privateIp',
    'resolution',
    'keyPairId',
    'networkId',
    'brand',
    'model',
    'orientation',
    'featureLevel',
    'imei',
    'androidId',
    'simCountry',
    'adbEnabled',
    'adbEndpoint',
    // The installed apps (package names): an install task writes them, a reset or replace clears them.
    'apps',
    // Their versions (package → version name, code and the APK's MD5), as the installs named them.
    'appVersions',
  ],
  // A residential proxy's line (spec §3 proxy list); its password stays upstream and is read
  // on demand (POST …/proxy/{id}/credentials).
  proxy: ['poolId', 'country', 'city', 'isp', 'protocol', 'address', 'port', 'username'],
  // An EIP's public address and the instance it is bound to (spec §3 IP or EIP); the bandwidth
  // the cloud applies now (the expiry sweep's 1 Mbps limit shows here, not in the spec).
  eip: ['address', 'boundInstanceId', 'bandwidthMbps'],
  // A custom phone network's address block.
  phone_network: ['cidrBlock'],
};

/** The kept keys of the cloud's answer (null for a key it does not report). */
export function keptAttributes(kind: string, answer: CloudResource): Record<string, unknown> {
  const reported = answer.attributes as unknown as Record<string, unknown>;
  return Object.fromEntries((KEPT_ATTRIBUTES[kind] ?? []).map((key) => [key, reported[key] ?? null]));
}
