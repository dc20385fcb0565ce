/** The mobile layout of spec §2: below 992 px wide. */
import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '@cloudbay/contracts/core';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True while the window is narrower than 992 px. */
export function isMobileWidth(): boolean {
  return mediaQuery()?.matches ?? false;
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileWidth, () => false);
}
