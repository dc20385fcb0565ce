import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BlockReason } from '../office-site-rules';

export interface BlockableActionProps {
  label: ReactNode;
  /** Why the action is not offered; null offers it. */
  reason: BlockReason | null;
  onClick: () => void;
  testId: string;
  danger?: boolean;
}

/**
 * A row action as a link button. A blocked one is disabled and says why on hover: the tooltip sits
 * on a wrapper, since a disabled button receives no pointer events.
 */
export function BlockableAction({ label, reason, onClick, testId, danger }: BlockableActionProps) {
  const { t } = useTranslation('officeSites');
  const button = (
    <Button
      type="link"
      size="small"
      danger={danger}
      disabled={reason !== null}
      onClick={onClick}
      style={{ paddingInline: 0 }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  if (reason === null) return button;
  return (
    <Tooltip title={t(`block.${reason}`)}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-testid={`${testId}-blocked`}>
        {button}
      </span>
    </Tooltip>
  );
}
