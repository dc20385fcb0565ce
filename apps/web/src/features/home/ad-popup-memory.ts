/** Which versions of the home pop-up this browser has shown: each version is shown once. */
import { StorageKey, readJson, writeJson } from '../../lib/storage';

/** Enough for years of campaigns; older versions never come back. */
const KEPT_VERSIONS = 20;

function seenVersions(): string[] {
  const stored = readJson<unknown>(StorageKey.adPopup);
  return Array.isArray(stored) ? stored.filter((value): value is string => typeof value === 'string') : [];
}

export function hasSeenAdPopup(version: string): boolean {
  return seenVersions().includes(version);
}

export function rememberAdPopup(version: string): void {
  const versions = seenVersions().filter((seen) => seen !== version);
  writeJson(StorageKey.adPopup, [...versions, version].slice(-KEPT_VERSIONS));
}
