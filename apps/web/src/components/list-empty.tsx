import type { ReactNode } from 'react';
import { Empty } from 'antd';

export interface ListEmptyProps {
  /** Why there are no rows: none yet, none match the filters, or the load failed. */
  description: ReactNode;
  testId: string;
  /** An action under the text, e.g. Retry. */
  children?: ReactNode;
}

/** A table's empty state, in the compact image that suits a card. */
export function ListEmpty({ description, testId, children }: ListEmptyProps) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} data-testid={testId}>
      {children}
    </Empty>
  );
}
