/**
 * The upstream cloud as the provisioning, billing and lifecycle engines see it. One generic
 * surface over every resource kind (create, describe, act, delete), so the engine drives a desktop
 * and an EIP the same way. The simulated cloud (`sim/`) implements it today; the Alibaba Cloud
 * provider (ECD 2020-09-30 and eds-aic 2023-09-30, see PROTOCOLS.md) will map each kind and action
 * onto one upstream operation later:
 *
 * | kind          | create                     | actions                                                               | delete                       |
 * | ------------- | -------------------------- | --------------------------------------------------------------------- | ---------------------------- |
 * | desktop       | CreateDesktops             | Start/Stop/Reboot/Rebuild/ResetDesktops, ModifyDesktopSpec +          | DeleteDesktops               |
 * |               |                            | ModifyDiskSpec, MigrateDesktops, RenewDesktops, ModifyDesktopsPolicy… |                              |
 * |               |                            | ModifyEntitlement (assign_user), DisconnectDesktopSessions            |                              |
 * | office_site   | CreateSimpleOfficeSite +   | ModifyNetworkPackageBandwidth, RenewNetworkPackages                   | DeleteOfficeSites            |
 * |               | CreateNetworkPackage       |                                                                       |                              |
 * | policy        | CreatePolicyGroup          | ModifyPolicyGroup                                                     | DeletePolicyGroups           |
 * | phone         | CreateAndroidInstanceGroup | Start/StopAndroidInstance, Reboot/ResetAndroidInstancesInGroup,       | DeleteAndroidInstanceGroup   |
 * |               |                            | Upgrade…, Attach/DetachKeyPair, Start/StopInstanceAdb, Install/Un…App |                              |
 * |               |                            | replace: ResetAndroidInstancesInGroup with a SystemPropertyTemplate   |                              |
 * |               |                            | (not actions: `runCommand` is RunCommand + DescribeInvocations,       |                              |
 * |               |                            | `importContacts` is SendFile of a vCard + an import RunCommand)       |                              |
 * | key_pair      | Create/ImportKeyPair       | ModifyKeyPairName                                                     | DeleteKeyPairs               |
 * | eip           | (EIP of a phone network)   | bind/unbind, modify bandwidth, renew, leave_network                   | release                      |
 * | phone_network | (custom phone network)     | renew                                                                 | delete                       |
 * | backup        | BackupFile                 | RecoveryFile                                                          | DeleteBackupFile             |
 * | proxy         | (static residential IP of  | renew                                                                 | release                      |
 * |               | the provider's pool)       | phone `set_proxy`: eds-aic NetRedirectPolicy (socks5 per phone)       |                              |
 *
 * Every call that changes something carries a client token: a retry with the same token has the
 * effect once (ECD and eds-aic accept `ClientToken` for the same purpose).
 *
 * `findByClientToken` (the dead-letter settlement reads upstream before it refunds) has no single
 * upstream call: neither DescribeDesktops nor DescribeAndroidInstanceGroups filters by ClientToken,
 * and replaying the create with the token would create what is missing. The Alibaba provider tags
 * each create with its token (`Tag.N` key `cloudbay-token`) and answers the instance the
 * kind's Describe… call finds by that tag filter (DescribeDesktops, DescribeOfficeSites,
 * DescribeAndroidInstanceGroups …).
 */
import {
  DESKTOP_STATUSES,
  EIP_STATUSES,
  OFFICE_SITE_STATUSES,
  PHONE_STATUSES,
  PROXY_PROTOCOLS,
  type BillingMethod,
  type ProxyProtocol,
  type Language,
} from '@cloudbay/contracts';

export const CLOUD_KINDS = [
  'desktop',
  'office_site',
  'policy',
  'phone',
  'key_pair',
  'eip',
  'phone_network',
  'backup',
  'proxy',
] as const;
export type CloudKind = (typeof CLOUD_KINDS)[number];

/** The terminal status of a create that did not succeed; the engine marks its order creation_failed. */
export const CREATION_FAILED = 'failed';

/**
 * Each kind's statuses. Desktops and office sites use the console's own lists (spec §4); the
 * others are the simulated cloud's, modelled on eds-aic. Every list ends in the statuses after
 * which nothing happens any more (`TERMINAL_STATUSES`).
 */
export const CLOUD_STATUSES = {
  desktop: [...DESKTOP_STATUSES, CREATION_FAILED],
  office_site: ['creating', ...OFFICE_SITE_STATUSES, CREATION_FAILED],
  policy: ['available', 'deleted', CREATION_FAILED],
  phone: [...PHONE_STATUSES, CREATION_FAILED],
  key_pair: ['available', 'deleted', CREATION_FAILED],
  eip: ['creating', ...EIP_STATUSES, 'releasing', 'released', CREATION_FAILED],
  phone_network: ['creating', 'available', 'deleted', CREATION_FAILED],
  backup: ['creating', 'available', 'recovering', 'deleted', CREATION_FAILED],
  proxy: ['creating', 'available', 'releasing', 'released', CREATION_FAILED],
} as const satisfies Record<CloudKind, readonly string[]>;

export type CloudStatus<K extends CloudKind = CloudKind> = (typeof CLOUD_STATUSES)[K][number];

/** Statuses after which a resource is gone (deleted, released) or never came to be (failed). */
export const TERMINAL_STATUSES = ['deleted', 'released', CREATION_FAILED] as const;

// ---------------------------------------------------------------------------------------------
// What a create asks for (spec), and what describe answers (attributes), per kind.

/** How a resource is paid upstream; a subscription runs `periodMonths` and can be renewed. */
interface Charge {
  chargeType: BillingMethod;
  /** Months bought; required for a subscription, absent for pay-as-you-go. */
  periodMonths?: number;
}

export interface DesktopSpec extends Charge {
  name: string;
  officeSiteId: string;
  bundleId: string;
  imageId: string;
  cpu: number;
  memoryGiB: number;
  /** 80–500 GiB in steps of 10 (spec §5). */
  systemDiskGiB: number;
  dataDiskGiB?: number;
  policyId?: string;
}

export interface DesktopAttributes {
  name: string;
  officeSiteId: string;
  bundleId: string;
  imageId: string;
  cpu: number;
  memoryGiB: number;
  systemDiskGiB: number;
  dataDiskGiB: number;
  policyId: string | null;
  chargeType: BillingMethod;
  /** ISO time the upstream subscription ends; null for pay-as-you-go. */
  expiresAt: string | null;
  privateIp: string;
  /** Client sessions connected now (disconnect ends them). */
  connectedSessions: number;
  /**
   * The end users the desktop is assigned to (ECD's EndUserIds); none: it is used as the built-in
   * account (`BUILTIN_DESKTOP_USER`). The console assigns one at a time.
   */
  endUsers: string[];
}

/** The account a desktop assigned to nobody is logged in to and runs its user processes as. */
export const BUILTIN_DESKTOP_USER = 'Administrator';

export interface OfficeSiteSpec extends Charge {
  name: string;
  /** 10–200 Mbps (spec §5). */
  bandwidthMbps: number;
  /** The free network: shared 5 Mbps peak per desktop, no public IP, no traffic query (spec §5, §9). */
  free?: boolean;
  cidrBlock?: string;
}

export interface OfficeSiteAttributes {
  name: string;
  bandwidthMbps: number;
  free: boolean;
  cidrBlock: string;
  /** The network package's public IP; null on the free network. */
  publicIp: string | null;
  chargeType: BillingMethod;
  expiresAt: string | null;
}

/** ECD policy group: what a user may carry across the connection. */
export interface PolicySpec {
  name: string;
  clipboard: 'off' | 'read' | 'write' | 'readwrite';
  localDrive: 'off' | 'read' | 'readwrite';
  usbRedirect: boolean;
  watermark: boolean;
  recording: boolean;
}

export type PolicyAttributes = PolicySpec;

export interface PhoneSpec extends Charge {
  /** 2–30 characters (spec §5). */
  name: string;
  specId: string;
  imageId: string;
  cpu: number;
  memoryGiB: number;
  diskGiB: number;
  resolution?: string;
  keyPairId?: string;
  /** A custom phone network to join; absent for the default network. */
  networkId?: string;
}

export interface PhoneAttributes {
  name: string;
  specId: string;
  imageId: string;
  cpu: number;
  memoryGiB: number;
  diskGiB: number;
  resolution: string;
  /** The apps open on the screen, the foreground one last; empty or absent: the home screen. */
  screenApps?: string[];
  keyPairId: string | null;
  networkId: string | null;
  chargeType: BillingMethod;
  expiresAt: string | null;
  privateIp: string;
  adbEnabled: boolean;
  /** host:port to `adb connect` to while ADB is enabled. */
  adbEndpoint: string | null;
  /** Ids of the apps installed, in install order. */
  apps: string[];
  /** The version of each installed app (by id), as its install named it; absent on phones made before. */
  appVersions?: Record<string, InstalledAppVersion>;
  // The device the phone passes for (sim-device-catalog.ts): drawn at creation, new on `replace`.
  brand: string;
  model: string;
  /** How the screen is held: the model's natural way at creation; the screen page's rotate turns it. */
  orientation: PhoneOrientation;
  /** The Android API level the model launched with. */
  featureLevel: string;
  imei: string;
  androidId: string;
  /** ISO country code of the SIM. */
  simCountry: string;
  /** The image's Android version (`ro.build.version.release`), e.g. `13`. */
  androidVersion: string;
  /** Contacts in the phone's address book (imports add, a reset clears). */
  contactCount: number;
  /** The proxy its traffic goes through (`set_proxy`); null or absent: direct. */
  proxy?: PhoneProxySetting | null;
}

/** The APK an install put on a phone (eds-aic apps carry their version and the file's MD5). */
export interface InstalledAppVersion {
  versionName: string;
  versionCode: number;
  /** The APK file's MD5, lowercase hex. */
  md5: string;
}

/** What a shell command run on a phone printed (stdout and stderr together) and its exit code. */
export interface CommandResult {
  output: string;
  exitCode: number;
}

/** One address-book entry sent to a phone. */
export interface PhoneContact {
  name: string;
  phone: string;
}

export const PHONE_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type PhoneOrientation = (typeof PHONE_ORIENTATIONS)[number];
/** The keys of the phone screen page (ACP's input events): home, back, rotate, or open an app. */
export const PHONE_SCREEN_KEYS = ['home', 'back', 'rotate', 'open'] as const;
export type PhoneScreenKey = (typeof PHONE_SCREEN_KEYS)[number];

export interface KeyPairSpec {
  /** 2–128 characters of letters, digits, Chinese, underscore and hyphen (spec §5). */
  name: string;
  /** An OpenSSH or ADB public key to import; absent, the cloud generates a pair. */
  publicKey?: string;
}

export interface KeyPairAttributes {
  name: string;
  publicKey: string;
  /** MD5 of the public key, colon-separated hex. */
  fingerprint: string;
  /** PEM of a generated pair's private key: only in `create`'s answer (and its retries), never in describe. */
  privateKeyBody?: string;
}

export interface EipSpec extends Charge {
  /** 1–1000 Mbps (spec §5). */
  bandwidthMbps: number;
  /** The custom phone network it belongs to, if any. */
  networkId?: string;
}

export interface EipAttributes {
  address: string;
  bandwidthMbps: number;
  networkId: string | null;
  /** The phone (or other instance) the address is bound to; null while unallocated. */
  boundInstanceId: string | null;
  chargeType: BillingMethod;
  expiresAt: string | null;
}

export interface PhoneNetworkSpec extends Charge {
  name: string;
  /** How many EIPs the network can hold. */
  ipQuota: number;
}

export interface PhoneNetworkAttributes {
  name: string;
  ipQuota: number;
  cidrBlock: string;
  chargeType: BillingMethod;
  expiresAt: string | null;
}

export interface BackupSpec {
  phoneInstanceId: string;
  /** 3–128 characters (spec §5). */
  name: string;
  /** At most 500 characters. */
  description?: string;
}

export interface BackupAttributes {
  phoneInstanceId: string;
  name: string;
  description: string;
  sizeMiB: number;
  /** When the last recovery onto a phone was started (ISO), or null. */
  lastRecoveryAt: string | null;
}

export { PROXY_PROTOCOLS, type ProxyProtocol };

/** A static residential IP from the provider's pool (`proxyPool`), in one city. */
export interface ProxySpec extends Charge {
  /** The pool entry (`ProxyPoolEntry.poolId`): a country, city and ISP. */
  poolId: string;
  protocol: ProxyProtocol;
}

export interface ProxyAttributes {
  poolId: string;
  /** ISO country code. */
  country: string;
  city: string;
  isp: string;
  protocol: ProxyProtocol;
  address: string;
  port: number;
  username: string;
  password: string;
  chargeType: BillingMethod;
  expiresAt: string | null;
}

/** Where the provider offers residential IPs, and how many are free there now. */
export interface ProxyPoolEntry {
  poolId: string;
  country: string;
  city: string;
  isp: string;
  stock: number;
}

/** The proxy a phone's traffic goes through (eds-aic NetRedirectPolicy), or null for none. */
export interface PhoneProxySetting {
  protocol: ProxyProtocol;
  host: string;
  port: number;
  username: string;
  password: string;
}

/** A residential proxy's health as the provider measured it just now. */
export interface ProxyHealth {
  reachable: boolean;
  /** Round trip through the proxy, ms; null when unreachable. */
  latencyMs: number | null;
  checkedAt: Date;
}

export interface CloudSpecs {
  desktop: DesktopSpec;
  office_site: OfficeSiteSpec;
  policy: PolicySpec;
  phone: PhoneSpec;
  key_pair: KeyPairSpec;
  eip: EipSpec;
  phone_network: PhoneNetworkSpec;
  backup: BackupSpec;
  proxy: ProxySpec;
}

export interface CloudAttributes {
  desktop: DesktopAttributes;
  office_site: OfficeSiteAttributes;
  policy: PolicyAttributes;
  phone: PhoneAttributes;
  key_pair: KeyPairAttributes;
  eip: EipAttributes;
  phone_network: PhoneNetworkAttributes;
  backup: BackupAttributes;
  proxy: ProxyAttributes;
}

// ---------------------------------------------------------------------------------------------
// Actions: per kind, each action's parameters. Which statuses allow which action is spec §4's
// rule, enforced by the provider (a forbidden one throws CloudError 'invalid_state').

export type NoParams = Record<string, never>;
export interface RenewParams {
  months: number;
}
export interface RenameParams {
  name: string;
}

export interface CloudActionParams {
  desktop: {
    start: NoParams;
    stop: NoParams;
    reboot: NoParams;
    /** Reinstall the system, from a new image if given (running or shut down only). */
    rebuild: { imageId?: string };
    /** Restore the system disk to its image (running or shut down only). */
    reset: NoParams;
    /** Change CPU, memory or disks (shut down only; a disk never shrinks). */
    modify_spec: Partial<
      Pick<DesktopSpec, 'bundleId' | 'cpu' | 'memoryGiB' | 'systemDiskGiB' | 'dataDiskGiB'>
    >;
    migrate: { officeSiteId: string };
    /** End the connected client sessions (running only). */
    disconnect: NoParams;
    renew: RenewParams;
    rename: RenameParams;
    set_policy: { policyId: string };
    /** Assign the desktop to this end user (replacing any other), or to nobody (null). */
    assign_user: { endUserId: string | null };
  };
  office_site: {
    modify_bandwidth: { bandwidthMbps: number };
    renew: RenewParams;
    rename: RenameParams;
  };
  policy: {
    modify: Partial<PolicySpec>;
  };
  phone: {
    start: NoParams;
    /** `force` cuts the power instead of a clean shutdown (spec §4 phone operations). */
    stop: { force?: boolean };
    reboot: { force?: boolean };
    /** A key pressed on the phone screen (running only); `app` names the app `open` starts. */
    screen_input: { key: PhoneScreenKey; app?: string };
    /** Back to the image: clears user data. */
    reset: NoParams;
    modify_spec: Partial<Pick<PhoneSpec, 'specId' | 'cpu' | 'memoryGiB' | 'diskGiB'>>;
    renew: RenewParams;
    rename: RenameParams;
    attach_key: { keyPairId: string };
    detach_key: NoParams;
    enable_adb: NoParams;
    disable_adb: NoParams;
    /**
     * Installs this version of the app (its id is the package name): a newer or the same version
     * replaces the installed one, an older one is refused (Android's INSTALL_FAILED_VERSION_DOWNGRADE).
     */
    install_app: { appId: string } & InstalledAppVersion;
    uninstall_app: { appId: string };
    /**
     * Device replacement: a new identity (this brand and model, new IMEI and Android id, the SIM
     * of `country`, or the current one's) and, as with reset, the user data wiped.
     */
    replace: { brand: string; model: string; country?: string };
    /** Route the phone's traffic through this proxy, or directly again (null). */
    set_proxy: { proxy: PhoneProxySetting | null };
  };
  key_pair: {
    rename: RenameParams;
  };
  eip: {
    bind: { instanceId: string };
    unbind: NoParams;
    modify_bandwidth: { bandwidthMbps: number };
    renew: RenewParams;
    /** Out of its phone network (the network is going): the address stays, in no network. */
    leave_network: NoParams;
  };
  phone_network: {
    renew: RenewParams;
    rename: RenameParams;
  };
  backup: {
    /** Restore onto its phone, or onto another one of the same account. */
    recover: { phoneInstanceId?: string };
    rename: { name: string; description?: string };
  };
  proxy: {
    renew: RenewParams;
  };
}

export type CloudAction<K extends CloudKind = CloudKind> = keyof CloudActionParams[K] & string;

// ---------------------------------------------------------------------------------------------
// Requests and answers.

export interface CreateRequest<K extends CloudKind> {
  /** Makes the create idempotent: the same token answers the same instance and creates once. */
  clientToken: string;
  /** The upstream region (`regions.wy_region_id`). */
  region: string;
  spec: CloudSpecs[K];
}

/** A resource as the cloud describes it now. */
export interface CloudResource<K extends CloudKind = CloudKind> {
  kind: K;
  instanceId: string;
  region: string;
  status: CloudStatus<K>;
  attributes: CloudAttributes[K];
  createdAt: Date;
  /** When it reached a terminal status, else null. */
  deletedAt: Date | null;
}

/** Kinds that report usage metrics and traffic. */
export const METERED_KINDS = ['desktop', 'phone', 'office_site', 'eip'] as const;
export type MeteredKind = (typeof METERED_KINDS)[number];

/**
 * Percentages (`cpu`, `memory`, `disk`: desktops and phones only), average bit rates over the step
 * (`bandwidth_in`, `bandwidth_out`) and bytes moved during the step (`traffic_in`, `traffic_out`).
 */
export const CLOUD_METRICS = [
  'cpu',
  'memory',
  'disk',
  'bandwidth_in',
  'bandwidth_out',
  'traffic_in',
  'traffic_out',
] as const;
export type CloudMetric = (typeof CLOUD_METRICS)[number];

export interface MetricQuery {
  metric: CloudMetric;
  from: Date;
  to: Date;
  /** A multiple of 60 (the console offers a minute, 15 minutes and an hour, spec §9). */
  stepSeconds: number;
}

export interface MetricPoint {
  /** Start of the step. */
  at: Date;
  value: number;
}

/** Bytes moved in each direction; bigint because a month of a busy line passes 2^53 quickly. */
export interface TrafficBytes {
  inBytes: bigint;
  outBytes: bigint;
}

export interface ConnectionTicket {
  ticket: string;
  expiresAt: Date;
}

/** A phone's ticket, or why it has none (eds-aic BatchGetAcpConnectionTicket answers per instance). */
export type PhoneTicketOutcome = ConnectionTicket | CloudError;

/** What a phone's screen shows now, as an image. */
export interface PhoneScreenshot {
  contentType: string;
  data: Buffer;
  takenAt: Date;
}

export interface DesktopProcess {
  pid: number;
  name: string;
  user: string;
  cpuPercent: number;
  memoryMiB: number;
}

/** The upstream cloud. Every method may throw `CloudError`. */
export interface CloudProvider {
  readonly name: string;
  /** Creates a resource, asynchronously: the answer's status is where it starts (e.g. pending). */
  create<K extends CloudKind>(kind: K, request: CreateRequest<K>): Promise<CloudResource<K>>;
  /** The current state of the given instances; unknown ids are left out of the answer. */
  describe<K extends CloudKind>(kind: K, instanceIds: readonly string[]): Promise<CloudResource<K>[]>;
  /**
   * The resource a create with this client token made, or undefined when none was made: a read,
   * never a create (a lost create answer is found without risking the create it would replay).
   */
  findByClientToken<K extends CloudKind>(kind: K, clientToken: string): Promise<CloudResource<K> | undefined>;
  /** Runs an action the current status allows; answers the state right after it. */
  act<K extends CloudKind, A extends CloudAction<K>>(
    kind: K,
    instanceId: string,
    action: A,
    params: CloudActionParams[K][A],
    clientToken: string,
  ): Promise<CloudResource<K>>;
  /** Deletes (releases) a resource; deleting what is already gone answers its final state. */
  delete<K extends CloudKind>(kind: K, instanceId: string, clientToken: string): Promise<CloudResource<K>>;
  metrics(kind: MeteredKind, instanceId: string, query: MetricQuery): Promise<MetricPoint[]>;
  /**
   * Traffic of many instances over [from, to), counted by the minutes starting in it, so adjacent
   * windows add up exactly (the hourly traffic bill). Unknown ids are left out.
   */
  trafficBytes(
    kind: MeteredKind,
    instanceIds: readonly string[],
    from: Date,
    to: Date,
  ): Promise<Map<string, TrafficBytes>>;
  /** A ticket the desktop client connects with (running desktops only). */
  connectionTicket(desktopInstanceId: string): Promise<ConnectionTicket>;
  /**
   * Short-lived, single-use tickets that open the screens of running phones, one outcome per
   * instance asked for (an unknown one not_found, one not running invalid_state).
   */
  phoneConnectionTickets(phoneInstanceIds: readonly string[]): Promise<Map<string, PhoneTicketOutcome>>;
  /** The screen of a running phone now (eds-aic CreateScreenshot); invalid_state otherwise. */
  phoneScreenshot(phoneInstanceId: string, language: Language): Promise<PhoneScreenshot>;
  /** What runs in the desktop now (running desktops only). */
  processes(desktopInstanceId: string): Promise<DesktopProcess[]>;
  /** Runs one shell command on a running phone and answers its output (invalid_state otherwise). */
  runCommand(phoneInstanceId: string, command: string): Promise<CommandResult>;
  /**
   * Adds contacts to a running phone's address book; the token makes a retry import once.
   * Answers how many were imported and how many the phone holds now.
   */
  importContacts(
    phoneInstanceId: string,
    contacts: readonly PhoneContact[],
    clientToken: string,
  ): Promise<{ imported: number; total: number }>;
  /** The residential IP pool: every location offered and its stock now. */
  proxyPool(): Promise<ProxyPoolEntry[]>;
  /** Measures live residential proxies through the provider's probe; unknown ids are left out. */
  checkProxies(instanceIds: readonly string[]): Promise<Map<string, ProxyHealth>>;
}

/**
 * Why a call failed. The engine maps: invalid_state → 409, not_found → 404, invalid_parameter and
 * token_conflict → 422, timeout and unavailable → retry with the same client token.
 */
export const CLOUD_ERROR_CODES = [
  'invalid_state',
  'not_found',
  'invalid_parameter',
  'token_conflict',
  'timeout',
  'unavailable',
] as const;
export type CloudErrorCode = (typeof CLOUD_ERROR_CODES)[number];

export class CloudError extends Error {
  override name = 'CloudError';

  constructor(
    readonly code: CloudErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** A retry with the same client token may succeed (and never doubles the effect). */
  get retryable(): boolean {
    return this.code === 'timeout' || this.code === 'unavailable';
  }
}

export function isCloudError(value: unknown, code?: CloudErrorCode): value is CloudError {
  return value instanceof CloudError && (code === undefined || value.code === code);
}
