import type { IntentKeys } from './idempotency';

interface PaidCallbacks<TAnswer> {
  onSuccess: (answer: TAnswer) => void;
  onError: (error: Error) => void;
}

/**
 * Sends a paid change (a renewal, an upgrade) under its intent's Idempotency-Key and settles the
 * key with the outcome, so a retry after a lost answer reuses it; a refusal (often 'insufficient
 * balance') calls `onRefused` so the dialog can refresh what it checked.
 */
export function payForIntent<TVariables, TAnswer>({
  keys,
  intent,
  mutate,
  variables,
  onPaid,
  onRefused,
}: {
  keys: IntentKeys;
  /** What the user asked for: the same request again reuses its key. */
  intent: unknown;
  mutate: (variables: TVariables, callbacks: PaidCallbacks<TAnswer>) => void;
  variables: (idempotencyKey: string) => TVariables;
  onPaid: (answer: TAnswer) => void;
  onRefused: () => void;
}): void {
  mutate(variables(keys.keyFor(intent)), {
    onSuccess: (answer) => {
      keys.settle(intent);
      onPaid(answer);
    },
    onError: (error) => {
      keys.settle(intent, error);
      onRefused();
    },
  });
}
