/**
 * Who is viewing, in a read-only support session (GET /getInfo `support`, issue 18): the console's
 * banner reads it. Null in the customer's own sessions; cleared when the session ends.
 */
import { useSyncExternalStore } from 'react';
import type { SupportView } from '@cloudbay/contracts';
import { onSessionEnd } from '../../../lib/storage';

let current: SupportView | null = null;
const listeners = new Set<() => void>();

export function setSupportView(view: SupportView | null): void {
  current = view;
  for (const listener of listeners) listener();
}

onSessionEnd(() => setSupportView(null));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

export function useSupportView(): SupportView | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
