/**
 * The console's layout settings (spec §2 settings drawer, §9 defaults), kept in local storage
 * `layout-setting` as JSON. Each field is checked on load: a value that is missing, of the wrong
 * type or out of range (an older version's, a hand edit) falls back to its default on its own, and
 * unreadable JSON falls back to the defaults, so a bad entry never breaks the console.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME_COLOR } from '@cloudbay/contracts/core';
import { StorageKey, readJson, writeJson } from './storage';

export const SIDE_THEMES = ['dark', 'light'] as const;
export type SideTheme = (typeof SIDE_THEMES)[number];

/** left: the menu in the sidebar; top: in the header; mixed: top level in the header, the rest in the sidebar. */
export const NAV_TYPES = ['left', 'top', 'mixed'] as const;
export type NavType = (typeof NAV_TYPES)[number];

export interface LayoutSettings {
  /** Primary colour of the antd theme, `#RRGGBB`. */
  themeColor: string;
  sideTheme: SideTheme;
  navType: NavType;
  /** The tags bar of visited views. */
  tagsView: boolean;
  /** The open tags outlive a reload (RuoYi's tagsViewPersist): kept in local storage `tags-view-visited`. */
  tagsViewPersist: boolean;
  /** The header (and tags bar) stay at the top while the page scrolls. */
  fixedHeader: boolean;
  sidebarLogo: boolean;
  /** The document title names the page ('<page> - Cloudbay'); off, it is the brand alone. */
  dynamicTitle: boolean;
  /** The sidebar shows icons only. Remembered, but not a drawer option: a reset keeps it. */
  sidebarCollapsed: boolean;
}

export const DEFAULT_LAYOUT_SETTINGS: Readonly<LayoutSettings> = Object.freeze({
  themeColor: DEFAULT_THEME_COLOR,
  sideTheme: 'dark',
  navType: 'left',
  tagsView: true,
  tagsViewPersist: false,
  fixedHeader: true,
  sidebarLogo: true,
  dynamicTitle: true,
  sidebarCollapsed: false,
});

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** `stored` with every field checked; what is not valid takes its default. */
export function normaliseLayoutSettings(stored: unknown): LayoutSettings {
  const value: Record<string, unknown> =
    typeof stored === 'object' && stored !== null && !Array.isArray(stored)
      ? (stored as Record<string, unknown>)
      : {};
  const defaults = DEFAULT_LAYOUT_SETTINGS;
  return {
    themeColor:
      typeof value.themeColor === 'string' && HEX_COLOR.test(value.themeColor)
        ? value.themeColor.toUpperCase()
        : defaults.themeColor,
    sideTheme: oneOf(SIDE_THEMES, value.sideTheme, defaults.sideTheme),
    navType: oneOf(NAV_TYPES, value.navType, defaults.navType),
    tagsView: flag(value.tagsView, defaults.tagsView),
    tagsViewPersist: flag(value.tagsViewPersist, defaults.tagsViewPersist),
    fixedHeader: flag(value.fixedHeader, defaults.fixedHeader),
    sidebarLogo: flag(value.sidebarLogo, defaults.sidebarLogo),
    dynamicTitle: flag(value.dynamicTitle, defaults.dynamicTitle),
    sidebarCollapsed: flag(value.sidebarCollapsed, defaults.sidebarCollapsed),
  };
}

export function loadLayoutSettings(): LayoutSettings {
  return normaliseLayoutSettings(readJson<unknown>(StorageKey.layoutSetting));
}

// One copy per page, so every reader (theme provider, shell, title) agrees and re-renders together.
let current: LayoutSettings = loadLayoutSettings();
const listeners = new Set<() => void>();

function publish(next: LayoutSettings): void {
  current = next;
  writeJson(StorageKey.layoutSetting, next);
  for (const listener of listeners) listener();
}

export function getLayoutSettings(): LayoutSettings {
  return current;
}

/** Changes some settings and saves them. */
export function updateLayoutSettings(patch: Partial<LayoutSettings>): void {
  publish(normaliseLayoutSettings({ ...current, ...patch }));
}

/** Back to the defaults of spec §9; the sidebar stays as collapsed or open as it is. */
export function resetLayoutSettings(): void {
  publish({ ...DEFAULT_LAYOUT_SETTINGS, sidebarCollapsed: current.sidebarCollapsed });
}

/** Re-reads local storage: another tab changed the settings, or a test reset storage. */
export function reloadLayoutSettings(): void {
  current = loadLayoutSettings();
  for (const listener of listeners) listener();
}

// Settings changed in another tab apply here too, so two open consoles do not overwrite each other.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === StorageKey.layoutSetting || event.key === null) reloadLayoutSettings();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current settings; re-renders when they change. */
export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, getLayoutSettings, getLayoutSettings);
}
