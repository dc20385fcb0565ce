import { useState } from 'react';
import { App } from 'antd';
import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIntentKeys } from '../../lib/idempotency';
import { currentUserKey } from '../../lib/session';
import { classifyPurchaseError, type PurchaseFailure } from './purchase-outcome';

/** A purchase call keyed by its intent (contracts' purchase answers). */
export type PurchaseMutation<Body, Result> = UseMutationResult<
  Result,
  Error,
  { body: Body; idempotencyKey: string }
>;

export interface PurchaseFlowOptions<Result> {
  onSuccess: (result: Result) => void;
  /** The server refused the input (400): point at the fields. */
  onInvalid: (error: unknown) => void;
}

/**
 * A purchase page's submit: one Idempotency-Key per filled-in order (a retry after a lost answer,
 * even after other orders, reuses it), and what a failure means for the page (no answer, the
 * balance, the input, another refusal) kept for the checkout's alert.
 */
export function usePurchaseFlow<Body, Result>(
  purchase: PurchaseMutation<Body, Result>,
  { onSuccess, onInvalid }: PurchaseFlowOptions<Result>,
) {
  const { t } = useTranslation('purchase');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const intents = useIntentKeys();
  const [failure, setFailure] = useState<PurchaseFailure>();

  const submit = (body: Body) => {
    setFailure(undefined);
    purchase.mutate(
      { body, idempotencyKey: intents.keyFor(body) },
      {
        onSuccess: (result) => {
          intents.settle(body);
          onSuccess(result);
        },
        onError: (error) => {
          intents.settle(body, error);
          const outcome = classifyPurchaseError(error);
          if (outcome.kind === 'invalid') onInvalid(error);
          // The balance on screen may be old: the refusal is the moment to read it again.
          if (outcome.kind === 'insufficient')
            void queryClient.invalidateQueries({ queryKey: currentUserKey });
          setFailure(outcome);
        },
      },
    );
  };
  /** The form's own checks failed before anything was sent. */
  const invalid = () => {
    setFailure({ kind: 'invalid' });
    void message.error(t('buy.invalid'));
  };
  return { submit, invalid, failure, setFailure, pending: purchase.isPending };
}
