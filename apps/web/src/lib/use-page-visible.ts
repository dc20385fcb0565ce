/** Whether the page is visible (its tab in front, the window not minimised): for work that only a viewer needs. */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

export const isPageVisible = () => document.visibilityState !== 'hidden';

export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, isPageVisible, () => true);
}
