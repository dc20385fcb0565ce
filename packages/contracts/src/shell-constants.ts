/**
 * Constants of the console shell and its shared UI kit (spec §2, §5 Uploads, §9), zod-free so the
 * web imports them from `@cloudbay/contracts/core`.
 */

/** The notice bell's unread count refreshes this often. */
export const NOTICE_POLL_MS = 15_000;
/** The cached user (balance in the navigation bar) refreshes this often while the console is open. */
export const USER_REFRESH_MS = 1_000;
/** The region list (`areaList`) is loaded this long after start-up. */
export const AREA_LIST_DELAY_MS = 2_000;

/** Layout defaults of the settings drawer. */
export const DEFAULT_THEME_COLOR = '#2395FF';
export const SIDEBAR_WIDTH = 220;
/** Below this width the console uses the mobile layout. */
export const MOBILE_BREAKPOINT = 992;

/** Pagination (spec §9): pager counts, and the scroll to the top after a page change. */
export const PAGER_COUNT = 7;
export const PAGER_COUNT_MOBILE = 5;
export const PAGE_SCROLL_MS = 800;

/** Upload defaults (spec §5, §9). */
export const UPLOAD_MAX_MB = 5;
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_FILE_TYPES = ['doc', 'xls', 'ppt', 'txt', 'pdf'] as const;
export const UPLOAD_IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const EDITOR_IMAGE_TYPES = ['jpeg', 'jpg', 'png', 'svg'] as const;
export const UPLOAD_PREVIEW_WIDTH = 800;
/**
 * Every extension the server accepts at POST /common/upload; each is checked against its magic
 * bytes (text formats against being text). Components narrow this with their own lists.
 */
export const UPLOADABLE_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'pdf',
  'txt',
  'csv',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'zip',
  /** vCard contacts (the phone's contact import). */
  'vcf',
] as const;
export type UploadableExtension = (typeof UPLOADABLE_EXTENSIONS)[number];

/** Multi-value fields (ids to delete, file lists) use this separator. */
export const MULTI_VALUE_SEPARATOR = ',';
