import type { ReactNode } from 'react';
import { Button } from 'antd';

/** An action in a table row: a small link button flush with the cell's text. */
export function RowAction({
  icon,
  label,
  onClick,
  danger,
  disabled,
  testId,
}: {
  icon?: ReactNode;
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  /** Shown but not usable (e.g. an operator's own request awaiting another's approval). */
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Button
      type="link"
      size="small"
      danger={danger}
      disabled={disabled}
      icon={icon}
      onClick={onClick}
      style={{ paddingInline: 0 }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
