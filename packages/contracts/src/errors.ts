/**
 * Error kinds and the HTTP status each maps to (ARCHITECTURE.md, "The API contract").
 * The server throws `AppError(kind, code, params)`; `code` is one of `ErrorCode` and is
 * translated in one place on the server.
 */
export const ERROR_KIND_STATUS = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  business_rule: 422,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
  /** A soft warning: HTTP 200 with body code 601. */
  warning: 200,
} as const;
export type ErrorKind = keyof typeof ERROR_KIND_STATUS;

/** Every error code the server can answer with. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  CONFIG_NOT_FOUND: 'CONFIG_NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  // Accounts and sessions
  SESSION_INVALID: 'SESSION_INVALID',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  EMAIL_CODE_INVALID: 'EMAIL_CODE_INVALID',
  EMAIL_CODE_TOO_FREQUENT: 'EMAIL_CODE_TOO_FREQUENT',
  EMAIL_CODES_FROM_IP_EXCEEDED: 'EMAIL_CODES_FROM_IP_EXCEEDED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVITE_CODE_INVALID: 'INVITE_CODE_INVALID',
  LOGIN_FAILED: 'LOGIN_FAILED',
  LOGIN_LOCKED: 'LOGIN_LOCKED',
  LOGIN_STEP_UP_REQUIRED: 'LOGIN_STEP_UP_REQUIRED',
  LOGIN_STEP_UP_FAILED: 'LOGIN_STEP_UP_FAILED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  LOGIN_ATTEMPTS_FROM_IP_EXCEEDED: 'LOGIN_ATTEMPTS_FROM_IP_EXCEEDED',
  SESSION_NOT_FOUND: 'SESSION_NOT_FOUND',
  // Field rules (used as zod messages, translated by the server's validation handler)
  EMAIL_INVALID: 'EMAIL_INVALID',
  PASSWORD_LENGTH: 'PASSWORD_LENGTH',
  PASSWORD_SPACES: 'PASSWORD_SPACES',
  PASSWORD_CLASSES: 'PASSWORD_CLASSES',
  PASSWORD_COMMON: 'PASSWORD_COMMON',
  NICKNAME_LENGTH: 'NICKNAME_LENGTH',
  EMAIL_CODE_FORMAT: 'EMAIL_CODE_FORMAT',
  // Notices, dictionaries, files
  NOTICE_NOT_FOUND: 'NOTICE_NOT_FOUND',
  DICT_DATA_NOT_FOUND: 'DICT_DATA_NOT_FOUND',
  OPER_LOG_NOT_FOUND: 'OPER_LOG_NOT_FOUND',
  DICT_VALUE_TAKEN: 'DICT_VALUE_TAKEN',
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  UPLOAD_MISSING: 'UPLOAD_MISSING',
  UPLOAD_TOO_LARGE: 'UPLOAD_TOO_LARGE',
  UPLOAD_TYPE_NOT_ALLOWED: 'UPLOAD_TYPE_NOT_ALLOWED',
  UPLOAD_CONTENT_MISMATCH: 'UPLOAD_CONTENT_MISMATCH',
  /** An image that would decode to more pixels than the server decodes (a decompression bomb). */
  UPLOAD_IMAGE_TOO_LARGE: 'UPLOAD_IMAGE_TOO_LARGE',
  // App centre (issue 20, part P2)
  /** An upload that is not an APK: not a zip, or no readable AndroidManifest.xml (415). */
  APK_INVALID: 'APK_INVALID',
  /** An APK bigger than the `phone.app.max_upload_mb` setting (413). */
  APK_TOO_LARGE: 'APK_TOO_LARGE',
  APP_NOT_FOUND: 'APP_NOT_FOUND',
  APP_VERSION_NOT_FOUND: 'APP_VERSION_NOT_FOUND',
  APP_CATEGORY_NOT_FOUND: 'APP_CATEGORY_NOT_FOUND',
  APP_CATEGORY_NAME_TAKEN: 'APP_CATEGORY_NAME_TAKEN',
  /** A category still holding apps cannot be deleted (409). */
  APP_CATEGORY_IN_USE: 'APP_CATEGORY_IN_USE',
  /** A new version of an app must carry the app's package name (422). */
  APK_PACKAGE_MISMATCH: 'APK_PACKAGE_MISMATCH',
  /** The same version code of one app uploaded twice (409). */
  APP_VERSION_EXISTS: 'APP_VERSION_EXISTS',
  /** An install or uninstall on a phone that is not running (the task's reason). */
  PHONE_APP_PHONE_NOT_RUNNING: 'PHONE_APP_PHONE_NOT_RUNNING',
  /** The cloud refused the install or uninstall; `reason` is its message. */
  PHONE_APP_CLOUD_REFUSED: 'PHONE_APP_CLOUD_REFUSED',
  DICT_TYPE_NOT_FOUND: 'DICT_TYPE_NOT_FOUND',
  // Roles and menus (operators)
  ROLE_NOT_FOUND: 'ROLE_NOT_FOUND',
  ROLE_KEY_TAKEN: 'ROLE_KEY_TAKEN',
  ROLE_NAME_TAKEN: 'ROLE_NAME_TAKEN',
  ROLE_ADMIN_LOCKED: 'ROLE_ADMIN_LOCKED',
  ROLE_DEFAULT_LOCKED: 'ROLE_DEFAULT_LOCKED',
  ROLE_IN_USE: 'ROLE_IN_USE',
  ROLE_SELF_ADMIN: 'ROLE_SELF_ADMIN',
  MENU_NOT_FOUND: 'MENU_NOT_FOUND',
  MENU_HAS_CHILDREN: 'MENU_HAS_CHILDREN',
  MENU_BUILT_IN: 'MENU_BUILT_IN',
  MENU_NAME_REQUIRED: 'MENU_NAME_REQUIRED',
  MENU_PATH_REQUIRED: 'MENU_PATH_REQUIRED',
  MENU_PARENT_INVALID: 'MENU_PARENT_INVALID',
  /** A menu's route parameters are not a JSON object of strings and numbers. */
  MENU_QUERY_INVALID: 'MENU_QUERY_INVALID',
  DICT_TYPE_TAKEN: 'DICT_TYPE_TAKEN',
  /** A dictionary the code relies on (contracts statuses.ts): not deletable, key fixed. */
  DICT_TYPE_PROTECTED: 'DICT_TYPE_PROTECTED',
  /** A value the code relies on: not deletable, value and type fixed. */
  DICT_VALUE_PROTECTED: 'DICT_VALUE_PROTECTED',
  CONFIG_KEY_TAKEN: 'CONFIG_KEY_TAKEN',
  CONFIG_BUILTIN: 'CONFIG_BUILTIN',
  // Operators' content pages (issue 18, B6)
  CONTENT_NOT_FOUND: 'CONTENT_NOT_FOUND',
  CONTENT_IMAGE_INVALID: 'CONTENT_IMAGE_INVALID',
  CONTENT_LINK_INVALID: 'CONTENT_LINK_INVALID',
  CONTENT_PRICE_INVALID: 'CONTENT_PRICE_INVALID',
  CONTENT_PRICE_UNIT_UNKNOWN: 'CONTENT_PRICE_UNIT_UNKNOWN',
  CONTENT_BUNDLE_UNKNOWN: 'CONTENT_BUNDLE_UNKNOWN',
  AD_POPUP_VERSION_INVALID: 'AD_POPUP_VERSION_INVALID',
  AD_POPUP_VERSION_TAKEN: 'AD_POPUP_VERSION_TAKEN',
  AD_POPUP_WINDOW_INVALID: 'AD_POPUP_WINDOW_INVALID',
  CODE_TABLE_KEY_INVALID: 'CODE_TABLE_KEY_INVALID',
  CODE_TABLE_KEY_TAKEN: 'CODE_TABLE_KEY_TAKEN',
  CODE_TABLE_KEY_IN_USE: 'CODE_TABLE_KEY_IN_USE',
  SUPPORT_CHANNEL_KEY_TAKEN: 'SUPPORT_CHANNEL_KEY_TAKEN',
  AVATAR_NOT_IMAGE: 'AVATAR_NOT_IMAGE',
  // Departments, posts and accounts of the operators' pages (issue 17 part B)
  DEPT_NOT_FOUND: 'DEPT_NOT_FOUND',
  DEPT_NAME_TAKEN: 'DEPT_NAME_TAKEN',
  /** A department moved under itself or one of its descendants. */
  DEPT_PARENT_INVALID: 'DEPT_PARENT_INVALID',
  DEPT_HAS_CHILDREN: 'DEPT_HAS_CHILDREN',
  DEPT_HAS_USERS: 'DEPT_HAS_USERS',
  POST_NOT_FOUND: 'POST_NOT_FOUND',
  POST_CODE_TAKEN: 'POST_CODE_TAKEN',
  POST_NAME_TAKEN: 'POST_NAME_TAKEN',
  POST_IN_USE: 'POST_IN_USE',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  /** Deleting or disabling one's own account. */
  USER_SELF_FORBIDDEN: 'USER_SELF_FORBIDDEN',
  /** The first operator (the oldest account with the admin role) cannot be deleted or disabled. */
  USER_BUILTIN_ADMIN: 'USER_BUILTIN_ADMIN',
  /** Customer accounts hold money and resources: disabled, never deleted. */
  USER_IS_CUSTOMER: 'USER_IS_CUSTOMER',
  /** An account other records point at (orders, files, commands): disable it instead. */
  USER_IN_USE: 'USER_IN_USE',
  /** Only an admin may grant the admin role. */
  ROLE_ADMIN_GRANT_FORBIDDEN: 'ROLE_ADMIN_GRANT_FORBIDDEN',
  USER_IMPORT_FILE_INVALID: 'USER_IMPORT_FILE_INVALID',
  USER_IMPORT_TOO_MANY: 'USER_IMPORT_TOO_MANY',
  /** Import row messages. */
  USER_IMPORT_REQUIRED: 'USER_IMPORT_REQUIRED',
  USER_IMPORT_EXISTS: 'USER_IMPORT_EXISTS',
  USER_IMPORT_DUPLICATE: 'USER_IMPORT_DUPLICATE',
  USER_IMPORT_STATUS: 'USER_IMPORT_STATUS',
  // Money and idempotent requests
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  TOPUP_AMOUNT_TOO_SMALL: 'TOPUP_AMOUNT_TOO_SMALL',
  TOPUP_ORDER_NOT_FOUND: 'TOPUP_ORDER_NOT_FOUND',
  BILL_NOT_FOUND: 'BILL_NOT_FOUND',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  // Operators' refunds and reconciles (issue 18, orders and top-ups)
  /** A refund above what the order paid minus its earlier refunds ({refundable}). */
  ORDER_REFUND_EXCEEDS: 'ORDER_REFUND_EXCEEDS',
  /** Only a pending or timed-out top-up can be reconciled. */
  TOPUP_NOT_RECONCILABLE: 'TOPUP_NOT_RECONCILABLE',
  /** The gateway says the order is not paid (in full). */
  TOPUP_GATEWAY_UNPAID: 'TOPUP_GATEWAY_UNPAID',
  /** The order's gateway did not answer the payment query ({reason}). */
  TOPUP_GATEWAY_QUERY_FAILED: 'TOPUP_GATEWAY_QUERY_FAILED',
  LEDGER_KEY_CONFLICT: 'LEDGER_KEY_CONFLICT',
  IDEMPOTENCY_KEY_INVALID: 'IDEMPOTENCY_KEY_INVALID',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_KEY_IN_FLIGHT: 'IDEMPOTENCY_KEY_IN_FLIGHT',
  /** A route flagged `idempotent` (money-moving or resource-creating) called without the header. */
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
  // Catalogue and prices (the *_RANGE and *_REQUIRED codes are also zod field messages)
  REGION_NOT_FOUND: 'REGION_NOT_FOUND',
  BUNDLE_NOT_FOUND: 'BUNDLE_NOT_FOUND',
  DESKTOP_TYPE_NOT_FOUND: 'DESKTOP_TYPE_NOT_FOUND',
  PHONE_SPEC_NOT_FOUND: 'PHONE_SPEC_NOT_FOUND',
  PERIOD_NOT_OFFERED: 'PERIOD_NOT_OFFERED',
  PERIOD_REQUIRED: 'PERIOD_REQUIRED',
  BUNDLE_OR_TYPE_REQUIRED: 'BUNDLE_OR_TYPE_REQUIRED',
  EXPIRE_TIME_REQUIRED: 'EXPIRE_TIME_REQUIRED',
  SYSTEM_DISK_RANGE: 'SYSTEM_DISK_RANGE',
  SYSTEM_DISK_SHRINK: 'SYSTEM_DISK_SHRINK',
  OFFICE_BANDWIDTH_RANGE: 'OFFICE_BANDWIDTH_RANGE',
  EIP_BANDWIDTH_RANGE: 'EIP_BANDWIDTH_RANGE',
  /** An EIP of a custom phone network: 5–200 Mbps (spec §5, §9). */
  PHONE_NETWORK_EIP_BANDWIDTH_RANGE: 'PHONE_NETWORK_EIP_BANDWIDTH_RANGE',
  PHONE_NETWORK_QUOTA_RANGE: 'PHONE_NETWORK_QUOTA_RANGE',
  BACKUP_SPACE_RANGE: 'BACKUP_SPACE_RANGE',
  // Backup space and backups (issue 20)
  BACKUP_SPACE_NOT_FOUND: 'BACKUP_SPACE_NOT_FOUND',
  /** One space per account: a second purchase is refused (expand it instead). */
  BACKUP_SPACE_EXISTS: 'BACKUP_SPACE_EXISTS',
  /** An expansion must grow the space. */
  BACKUP_SPACE_NOT_LARGER: 'BACKUP_SPACE_NOT_LARGER',
  /** A backup needs a live, unexpired space. */
  BACKUP_SPACE_REQUIRED: 'BACKUP_SPACE_REQUIRED',
  /** The backups asked for would not fit in the space (used + estimates > size). */
  BACKUP_SPACE_FULL: 'BACKUP_SPACE_FULL',
  BACKUP_NAME_RANGE: 'BACKUP_NAME_RANGE',
  BACKUP_DESCRIPTION_TOO_LONG: 'BACKUP_DESCRIPTION_TOO_LONG',
  BACKUP_NOT_FOUND: 'BACKUP_NOT_FOUND',
  /** Recovery, rename or delete of a backup that is being made or restored, or failed. */
  BACKUP_NOT_AVAILABLE: 'BACKUP_NOT_AVAILABLE',
  /** A recovery target that is not running or stopped. */
  BACKUP_TARGET_NOT_READY: 'BACKUP_TARGET_NOT_READY',
  QUANTITY_RANGE: 'QUANTITY_RANGE',
  PRICE_NOT_CONFIGURED: 'PRICE_NOT_CONFIGURED',
  // Resources and provisioning
  DESKTOP_NOT_FOUND: 'DESKTOP_NOT_FOUND',
  PHONE_NOT_FOUND: 'PHONE_NOT_FOUND',
  // Elastic IPs and phone networks (spec §4 IP rules)
  EIP_NOT_FOUND: 'EIP_NOT_FOUND',
  /** Bind: only an unallocated address can be allocated. */
  EIP_ALREADY_BOUND: 'EIP_ALREADY_BOUND',
  /** Unbind: only an allocated address can be unbound. */
  EIP_NOT_BOUND: 'EIP_NOT_BOUND',
  /** An unbound address cannot have its bandwidth changed. */
  EIP_BANDWIDTH_UNBOUND: 'EIP_BANDWIDTH_UNBOUND',
  /** The phone is already behind another EIP. */
  PHONE_HAS_EIP: 'PHONE_HAS_EIP',
  /** The phone and the address are in different regions. */
  EIP_REGION_MISMATCH: 'EIP_REGION_MISMATCH',
  /** One renewal takes addresses of one region; `ids` names the others. */
  EIP_RENEW_REGION_MIXED: 'EIP_RENEW_REGION_MIXED',
  PHONE_NETWORK_NOT_FOUND: 'PHONE_NETWORK_NOT_FOUND',
  /** The network holds its quota of addresses already. */
  PHONE_NETWORK_QUOTA_FULL: 'PHONE_NETWORK_QUOTA_FULL',
  /** unbind_ph: the phone is behind no address of this network. */
  PHONE_NOT_IN_NETWORK: 'PHONE_NOT_IN_NETWORK',
  /** Cloud phones are open only to customers whose `ph_white_user` is 1 (spec §6). */
  PHONE_ACCESS_DENIED: 'PHONE_ACCESS_DENIED',
  PHONE_GROUP_NOT_FOUND: 'PHONE_GROUP_NOT_FOUND',
  /** Another of the customer's phone groups has the name (whatever its case). */
  PHONE_GROUP_NAME_TAKEN: 'PHONE_GROUP_NAME_TAKEN',
  KEY_PAIR_NOT_FOUND: 'KEY_PAIR_NOT_FOUND',
  KEY_PAIR_NAME_INVALID: 'KEY_PAIR_NAME_INVALID',
  /** An imported public key that is not an OpenSSH public key line. */
  KEY_PAIR_PUBLIC_KEY_INVALID: 'KEY_PAIR_PUBLIC_KEY_INVALID',
  /** A key pair still attached to a phone cannot be deleted. */
  KEY_PAIR_IN_USE: 'KEY_PAIR_IN_USE',
  PROXY_NOT_FOUND: 'PROXY_NOT_FOUND',
  PROXY_POOL_NOT_FOUND: 'PROXY_POOL_NOT_FOUND',
  PROXY_OUT_OF_STOCK: 'PROXY_OUT_OF_STOCK',
  PROXY_NOT_READY: 'PROXY_NOT_READY',
  PROXY_ALREADY_BOUND: 'PROXY_ALREADY_BOUND',
  PROXY_NOT_BOUND: 'PROXY_NOT_BOUND',
  PROXY_IN_USE: 'PROXY_IN_USE',
  PHONE_PROXY_BOUND: 'PHONE_PROXY_BOUND',
  PROXY_HOST_INVALID: 'PROXY_HOST_INVALID',
  PROXY_ADDRESS_REFUSED: 'PROXY_ADDRESS_REFUSED',
  OWN_PROXY_LINE_FORMAT: 'OWN_PROXY_LINE_FORMAT',
  OWN_PROXY_PORT_INVALID: 'OWN_PROXY_PORT_INVALID',
  OWN_PROXY_BULK_TOO_MANY: 'OWN_PROXY_BULK_TOO_MANY',
  OWN_PROXY_BULK_EMPTY: 'OWN_PROXY_BULK_EMPTY',
  /** Detaching a key pair from a phone it is not attached to. */
  KEY_PAIR_NOT_ATTACHED: 'KEY_PAIR_NOT_ATTACHED',
  /** Device replacement: a brand, model (of that brand) or SIM country the catalogue does not have. */
  DEVICE_BRAND_NOT_FOUND: 'DEVICE_BRAND_NOT_FOUND',
  DEVICE_MODEL_MISMATCH: 'DEVICE_MODEL_MISMATCH',
  /** A model asked for without its brand. */
  DEVICE_BRAND_REQUIRED: 'DEVICE_BRAND_REQUIRED',
  SIM_COUNTRY_NOT_FOUND: 'SIM_COUNTRY_NOT_FOUND',
  /** A shell command that is empty or longer than PHONE_COMMAND_MAX_LENGTH. */
  PHONE_COMMAND_INVALID: 'PHONE_COMMAND_INVALID',
  PHONE_TASK_NOT_FOUND: 'PHONE_TASK_NOT_FOUND',
  PHONE_TASK_NOT_FAILED: 'PHONE_TASK_NOT_FAILED',
  PHONE_TASK_ALREADY_RETRIED: 'PHONE_TASK_ALREADY_RETRIED',
  /** ADB needs a key pair attached to the phone first. */
  ADB_KEY_PAIR_REQUIRED: 'ADB_KEY_PAIR_REQUIRED',
  /** An import file that is not a .vcf or .csv of contacts. */
  CONTACTS_FILE_INVALID: 'CONTACTS_FILE_INVALID',
  /** An import file without one usable contact. */
  CONTACTS_FILE_EMPTY: 'CONTACTS_FILE_EMPTY',
  /** An import file with more than CONTACTS_MAX_ROWS entries. */
  CONTACTS_TOO_MANY: 'CONTACTS_TOO_MANY',
  /** A sub-account-only route called by a main account (spec §6 isSon paths). */
  SUB_ACCOUNT_ONLY: 'SUB_ACCOUNT_ONLY',
  /** An operator endpoint named a customer that does not exist. */
  CUSTOMER_NOT_FOUND: 'CUSTOMER_NOT_FOUND',
  /** A phone spec with less storage than the phone has (the cloud never shrinks a disk). */
  PHONE_DISK_SHRINK: 'PHONE_DISK_SHRINK',
  OFFICE_SITE_NOT_FOUND: 'OFFICE_SITE_NOT_FOUND',
  IMAGE_NOT_FOUND: 'IMAGE_NOT_FOUND',
  RESOURCE_ACTION_FORBIDDEN: 'RESOURCE_ACTION_FORBIDDEN',
  RESOURCE_NOT_READY: 'RESOURCE_NOT_READY',
  CLOUD_REQUEST_REJECTED: 'CLOUD_REQUEST_REJECTED',
  CLOUD_UNAVAILABLE: 'CLOUD_UNAVAILABLE',
  AGREEMENT_REQUIRED: 'AGREEMENT_REQUIRED',
  /** A batch action names no resource (spec §5: a selection is required before batch actions). */
  SELECTION_REQUIRED: 'SELECTION_REQUIRED',
  /** A configuration change that changes nothing. */
  SPEC_UNCHANGED: 'SPEC_UNCHANGED',
  /** Auto-renew asked for on a pay-as-you-go or gift resource (spec §5). */
  AUTO_RENEW_REFUSED: 'AUTO_RENEW_REFUSED',
  /** A migration to a network of another region, or to the network it is on. */
  MIGRATE_TARGET_INVALID: 'MIGRATE_TARGET_INVALID',
  /** The default (free) office network cannot be released or re-sized (spec §5). */
  OFFICE_SITE_DEFAULT_LOCKED: 'OFFICE_SITE_DEFAULT_LOCKED',
  /** A network still used by live desktops cannot be released. */
  OFFICE_SITE_IN_USE: 'OFFICE_SITE_IN_USE',
  /** An upgrade to the bandwidth it has, or lower. */
  OFFICE_BANDWIDTH_NOT_HIGHER: 'OFFICE_BANDWIDTH_NOT_HIGHER',
  /** The free network has no traffic query (spec §5). */
  OFFICE_SITE_NO_TRAFFIC: 'OFFICE_SITE_NO_TRAFFIC',
  /** A desktop bought onto an office network being released (or released). */
  OFFICE_SITE_RELEASING: 'OFFICE_SITE_RELEASING',
  /** A bandwidth upgrade of an expired office network: it must be renewed first. */
  OFFICE_SITE_EXPIRED: 'OFFICE_SITE_EXPIRED',
  POLICY_NOT_FOUND: 'POLICY_NOT_FOUND',
  /** The default policy cannot be edited or deleted (spec §5). */
  POLICY_DEFAULT_LOCKED: 'POLICY_DEFAULT_LOCKED',
  POLICY_NAME_TAKEN: 'POLICY_NAME_TAKEN',
  /** A connection ticket or monitoring data of a desktop that is not running. */
  DESKTOP_NOT_RUNNING: 'DESKTOP_NOT_RUNNING',
  CONNECTION_TICKET_INVALID: 'CONNECTION_TICKET_INVALID',
  /** A connection ticket, screenshot, command, ADB or contact import of a phone that is not running. */
  PHONE_NOT_RUNNING: 'PHONE_NOT_RUNNING',
  // Billing and renewals
  RENEWAL_GIFT_REFUSED: 'RENEWAL_GIFT_REFUSED',
  RENEWAL_PAYG_REFUSED: 'RENEWAL_PAYG_REFUSED',
  RENEWAL_KIND_UNSUPPORTED: 'RENEWAL_KIND_UNSUPPORTED',
  DEAD_LETTER_NOT_FOUND: 'DEAD_LETTER_NOT_FOUND',
  DEAD_LETTER_NOT_RETRYABLE: 'DEAD_LETTER_NOT_RETRYABLE',
  // Monitor: scheduled jobs, online sessions, caches
  JOB_NOT_FOUND: 'JOB_NOT_FOUND',
  JOB_CRON_INVALID: 'JOB_CRON_INVALID',
  ONLINE_SESSION_NOT_FOUND: 'ONLINE_SESSION_NOT_FOUND',
  CACHE_KEY_NOT_FOUND: 'CACHE_KEY_NOT_FOUND',
  CACHE_KEY_IN_USE: 'CACHE_KEY_IN_USE',
  // The proxy set (issue 19)
  /** The list must keep at least one configuration (spec §5). */
  PROXY_SET_EMPTY: 'PROXY_SET_EMPTY',
  PROXY_SET_TOO_MANY: 'PROXY_SET_TOO_MANY',
  /** Rule domains accept only the *.x.y pattern (spec §5). */
  PROXY_RULE_DOMAIN_INVALID: 'PROXY_RULE_DOMAIN_INVALID',
  PROXY_RULES_TOO_MANY: 'PROXY_RULES_TOO_MANY',
  /** A whitelist with no domain would send nothing through the proxy. */
  PROXY_WHITELIST_EMPTY: 'PROXY_WHITELIST_EMPTY',
  PROXY_IP_INVALID: 'PROXY_IP_INVALID',
  PROXY_PORT_INVALID: 'PROXY_PORT_INVALID',
  /** An unknown or revoked proxy settings token (401). */
  PROXY_SET_TOKEN_INVALID: 'PROXY_SET_TOKEN_INVALID',
  /** The token's resource is not the one asked for, or is gone (404). */
  PROXY_SET_NOT_FOUND: 'PROXY_SET_NOT_FOUND',
  // Operators' resources (issue 18, part B4)
  /** No such resource, or one of a customer outside the operator's data scope. */
  RESOURCE_NOT_FOUND: 'RESOURCE_NOT_FOUND',
  /** An operator's action on a customer's resource needs a reason. */
  OPERATOR_REASON_REQUIRED: 'OPERATOR_REASON_REQUIRED',
  /** Only a live subscription has an expiry to extend. */
  RESOURCE_EXTEND_REFUSED: 'RESOURCE_EXTEND_REFUSED',
  // Operator console: customers (issue 18)
  /** The owner operator chosen for a customer is not an operator the caller's scope reaches. */
  CUSTOMER_OWNER_INVALID: 'CUSTOMER_OWNER_INVALID',
  // Balance adjustments and support sessions (issue 18, part B2)
  ADJUSTMENT_NOT_FOUND: 'ADJUSTMENT_NOT_FOUND',
  /** A debit larger than the customer's balance (409; the ledger never goes below zero). */
  ADJUSTMENT_BALANCE_TOO_LOW: 'ADJUSTMENT_BALANCE_TOO_LOW',
  /** Four-eyes: the operator who asked for an adjustment cannot approve or reject it (403). */
  ADJUSTMENT_OWN_APPROVAL: 'ADJUSTMENT_OWN_APPROVAL',
  /** Approve/reject of an adjustment that is no longer pending (409). */
  ADJUSTMENT_NOT_PENDING: 'ADJUSTMENT_NOT_PENDING',
  /** A write in a read-only support session (403). */
  SUPPORT_SESSION_READ_ONLY: 'SUPPORT_SESSION_READ_ONLY',
  // The operators' catalogue (issue 18, part B3)
  /** An upstream cost must be more than 0 with at most 6 decimals. */
  CATALOG_PRICE_INVALID: 'CATALOG_PRICE_INVALID',
  CATALOG_PRICE_FACTOR_RANGE: 'CATALOG_PRICE_FACTOR_RANGE',
  /** A period's payable percentage: more than 0, at most 100. */
  CATALOG_DISCOUNT_RANGE: 'CATALOG_DISCOUNT_RANGE',
  CATALOG_MARKUP_RANGE: 'CATALOG_MARKUP_RANGE',
  CATALOG_CHANGE_EMPTY: 'CATALOG_CHANGE_EMPTY',
  CATALOG_ITEM_NOT_FOUND: 'CATALOG_ITEM_NOT_FOUND',
  /** A desktop family the operators took off sale: no new purchase (422); renewals go on. */
  DESKTOP_FAMILY_OFF_SALE: 'DESKTOP_FAMILY_OFF_SALE',
  /** A bundle preset's default image must be a system image that fits its default disk. */
  CATALOG_BUNDLE_IMAGE_INVALID: 'CATALOG_BUNDLE_IMAGE_INVALID',
  /** A bundle preset's desktop type must exist. */
  CATALOG_BUNDLE_TYPE_INVALID: 'CATALOG_BUNDLE_TYPE_INVALID',
  // Sub-accounts (issue 21)
  /** A sub-account's binding does not permit the action (403; `permission` names it). */
  SUB_ACCOUNT_PERMISSION_DENIED: 'SUB_ACCOUNT_PERMISSION_DENIED',
  /** A sub-account called what only its main account may (purchases, wallet, sub-accounts…) (403). */
  SUB_ACCOUNT_NOT_ALLOWED: 'SUB_ACCOUNT_NOT_ALLOWED',
  /** The main account already has its maximum of sub-accounts (422; `max`). */
  SUB_ACCOUNT_LIMIT_REACHED: 'SUB_ACCOUNT_LIMIT_REACHED',
  /** Another sub-account of the main account has this nickname (409). */
  SUB_ACCOUNT_NICKNAME_TAKEN: 'SUB_ACCOUNT_NICKNAME_TAKEN',
  /** No such sub-account of the caller (404). */
  SUB_ACCOUNT_NOT_FOUND: 'SUB_ACCOUNT_NOT_FOUND',
  /** A renewal beyond the sub-account's monthly spend cap (422; `cap`, `remaining` in dollars). */
  SUB_ACCOUNT_SPEND_CAP_EXCEEDED: 'SUB_ACCOUNT_SPEND_CAP_EXCEEDED',
  /** A sub-account's own password change named a wrong current password (400). */
  SUB_ACCOUNT_OLD_PASSWORD_WRONG: 'SUB_ACCOUNT_OLD_PASSWORD_WRONG',
  /** Too many own password changes of a sub-account within the window (429; `minutes`). */
  SUB_ACCOUNT_PASSWORD_ATTEMPTS_EXCEEDED: 'SUB_ACCOUNT_PASSWORD_ATTEMPTS_EXCEEDED',
  // Referral rebates and withdrawals (issue 22)
  /** Not a TRC20 address, or its base58check checksum does not match (400). */
  WITHDRAWAL_ADDRESS_INVALID: 'WITHDRAWAL_ADDRESS_INVALID',
  /** Below the smallest withdrawal (422; `min` in dollars). */
  WITHDRAWAL_BELOW_MINIMUM: 'WITHDRAWAL_BELOW_MINIMUM',
  /** More than the rebate account holds (422; `withdrawable` in dollars). */
  WITHDRAWAL_EXCEEDS_REBATE: 'WITHDRAWAL_EXCEEDS_REBATE',
  /** No such withdrawal of the caller, or of a customer outside the operator's scope (404). */
  WITHDRAWAL_NOT_FOUND: 'WITHDRAWAL_NOT_FOUND',
  /** Approve / reject of a withdrawal that is no longer processing (409). */
  WITHDRAWAL_NOT_PROCESSING: 'WITHDRAWAL_NOT_PROCESSING',
  // Free trials (issue 22, part G2)
  /** A trial application names no region, or one not on sale (spec §5). */
  TRIAL_REGION_REQUIRED: 'TRIAL_REGION_REQUIRED',
  /** A trial application without a messaging contact (spec §5). */
  TRIAL_CONTACT_REQUIRED: 'TRIAL_CONTACT_REQUIRED',
  TRIAL_CONTACT_TOO_LONG: 'TRIAL_CONTACT_TOO_LONG',
  TRIAL_REMARK_TOO_LONG: 'TRIAL_REMARK_TOO_LONG',
  /** One trial per account: an application is pending or was approved (409). */
  TRIAL_ALREADY_APPLIED: 'TRIAL_ALREADY_APPLIED',
  /** No such application, or one outside the operator's data scope (404). */
  TRIAL_NOT_FOUND: 'TRIAL_NOT_FOUND',
  /** Approve / reject of an application already decided (409). */
  TRIAL_NOT_PENDING: 'TRIAL_NOT_PENDING',
  /** A rejection needs a reason the customer will read. */
  TRIAL_REASON_REQUIRED: 'TRIAL_REASON_REQUIRED',
  /** The catalogue has no desktop bundle on sale in the region to give (409). */
  TRIAL_NO_BUNDLE: 'TRIAL_NO_BUNDLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
