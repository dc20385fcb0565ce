import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../lib/money';
import type { PurchaseFailure } from './purchase-outcome';

export interface PurchaseAlertProps {
  failure: PurchaseFailure | undefined;
  balance: string | undefined;
  required: string | undefined;
  onTopup: () => void;
  onClose: () => void;
  /** What to check when the answer was lost (the product's list and the orders). */
  unknownHint: string;
}

/**
 * Why the last purchase did not go through: no answer (it may have), the balance (with a top-up),
 * the form, or the server's reason.
 */
export function PurchaseAlert({
  failure,
  balance,
  required,
  onTopup,
  onClose,
  unknownHint,
}: PurchaseAlertProps) {
  const { t } = useTranslation('purchase');
  if (!failure) return null;
  const closable = { onClose };
  if (failure.kind === 'unknown') {
    return (
      <Alert
        type="warning"
        showIcon
        closable={closable}
        title={t('buy.unknown')}
        description={unknownHint}
        data-testid="buy-outcome"
      />
    );
  }
  if (failure.kind === 'insufficient') {
    // The shortcut sits under the text, not beside it: the checkout column is narrow.
    return (
      <Alert
        type="error"
        showIcon
        closable={closable}
        title={t('buy.insufficient')}
        description={
          <Flex vertical gap="small" align="flex-start">
            {balance !== undefined && required !== undefined ? (
              <span>
                {t('buy.insufficientHint', {
                  amount: formatDollars(required),
                  balance: formatDollars(balance),
                })}
              </span>
            ) : null}
            <Button size="small" type="primary" onClick={onTopup} data-testid="buy-topup">
              {t('buy.topup')}
            </Button>
          </Flex>
        }
        data-testid="buy-outcome"
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      closable={closable}
      title={failure.kind === 'invalid' ? t('buy.invalid') : t('buy.failed')}
      description={failure.kind === 'failed' ? failure.message : undefined}
      data-testid="buy-outcome"
    />
  );
}
