/**
 * Local-storage access for the keys of spec §9. Every read and write goes through here so the key
 * names live in one place and a browser that refuses storage (private mode, quota) degrades to
 * "nothing stored" instead of throwing inside a render or a request.
 */
import type { User } from '@cloudbay/contracts';

export const StorageKey = {
  token: 'token',
  loginToken: 'loginToken',
  user: 'user',
  lang: 'lang',
  codeTable: 'code_table',
  areaList: 'areaList',
  regionId: 'region_id',
  phRegions: 'phRegions',
  isSon: 'isSon',
  layoutSetting: 'layout-setting',
  size: 'size',
  /** Versions of the home pop-up this browser has shown (each is shown once). */
  adPopup: 'ad_popup',
  /** The open tags of the console, while the 'persist tags' setting is on. */
  tagsViewVisited: 'tags-view-visited',
  /** The phone list's view: table or cards. */
  phoneListView: 'phone-list-view',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** The user as cached from GET /user (spec §3); the console reads it without waiting for the call. */
export type CachedUser = User;

/**
 * A support tab (an operator viewing a customer's console read-only, issue 18) keeps the session's
 * keys in sessionStorage, which belongs to that tab alone. Deviation from spec §9 (local storage):
 * local storage is shared by every tab of the origin, so storing the customer's token there would
 * sign the operator's own console, in their other tabs, into the customer's session.
 */
const SUPPORT_TAB_FLAG = 'support-view';
const TAB_SESSION_KEYS: ReadonlySet<StorageKey> = new Set([
  StorageKey.token,
  StorageKey.loginToken,
  StorageKey.user,
  StorageKey.isSon,
  StorageKey.tagsViewVisited,
]);

/** Whether this tab shows a customer's console through a support session. */
export function isSupportTab(): boolean {
  try {
    return window.sessionStorage.getItem(SUPPORT_TAB_FLAG) === '1';
  } catch {
    return false;
  }
}

/** Makes this tab a support tab: from now on its session lives in sessionStorage. */
export function beginSupportTab(): void {
  window.sessionStorage.setItem(SUPPORT_TAB_FLAG, '1');
}

/** The support tab becomes an ordinary tab again (its session already ended). */
export function endSupportTab(): void {
  try {
    window.sessionStorage.removeItem(SUPPORT_TAB_FLAG);
  } catch {
    // Storage disabled: the tab was never a support tab.
  }
}

function storeOf(key: StorageKey): Storage {
  return TAB_SESSION_KEYS.has(key) && isSupportTab() ? window.sessionStorage : window.localStorage;
}

export function readItem(key: StorageKey): string | null {
  try {
    return storeOf(key).getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    storeOf(key).setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives only as long as the page, which is still usable.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    storeOf(key).removeItem(key);
  } catch {
    // Nothing stored can be removed when storage is disabled.
  }
}

/** Parses a JSON value; a corrupt entry reads as absent rather than breaking the page. */
export function readJson<T>(key: StorageKey): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

export function getToken(): string | null {
  return readItem(StorageKey.token);
}

export function setToken(token: string): void {
  writeItem(StorageKey.token, token);
}

export function removeToken(): void {
  removeItem(StorageKey.token);
}

/** The upstream login token handed over on /moneryContro (spec §2 access rule). */
export function getLoginToken(): string | null {
  return readItem(StorageKey.loginToken);
}

export function setLoginToken(loginToken: string): void {
  writeItem(StorageKey.loginToken, loginToken);
}

export function getCachedUser(): CachedUser | null {
  return readJson<CachedUser>(StorageKey.user);
}

export function setCachedUser(user: CachedUser): void {
  writeJson(StorageKey.user, user);
}

export function clearCachedUser(): void {
  removeItem(StorageKey.user);
}

/** A sub-account ("son" account) calls other paths for phone groups and replacement (spec §6). */
export function getIsSon(): boolean {
  return readItem(StorageKey.isSon) === 'true';
}

export function setIsSon(isSon: boolean): void {
  writeItem(StorageKey.isSon, String(isSon));
}

const sessionEndListeners = new Set<() => void>();

/**
 * Runs `listener` whenever the session ends on this device (logout, expiry), so state kept in
 * memory for the signed-in user (grants, query cache) goes with it. Returns the unsubscribe.
 */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** Ends the session on this device: logout and session expiry both clear token and cached user. */
export function clearSession(): void {
  removeToken();
  clearCachedUser();
  for (const listener of sessionEndListeners) listener();
}
