/**
 * The sign-in pages' stand-in for `react-i18next` over ./i18next.ts (see there): `useTranslation`
 * and the `initReactI18next` plugin that hands it the instance. The language never changes while a
 * page runs (lib/i18n.ts reloads on a switch) and the strings are there before the first render
 * (src/auth/main.tsx waits for them), so nothing subscribes or suspends.
 */
import { useMemo } from 'react';
import type { LiteI18n, LiteT } from './i18next';

let instance: LiteI18n | undefined;

export const initReactI18next = {
  type: '3rdParty',
  init(i18n: LiteI18n) {
    instance = i18n;
  },
};

export function useTranslation(namespaces?: string | readonly string[]): {
  t: LiteT;
  i18n: LiteI18n;
  ready: boolean;
} {
  if (!instance) throw new Error('useTranslation before i18n.use(initReactI18next).init()');
  const i18n = instance;
  // react-i18next's default `nsMode`: a list's first namespace is the one its keys are looked up in
  // (the others only load), unless a key names its own as `ns:key`.
  const namespace = typeof namespaces === 'string' ? namespaces : namespaces?.[0];
  const t = useMemo(() => i18n.getFixedT(null, namespace), [i18n, namespace]);
  return { t, i18n, ready: true };
}
