import type { ReactNode } from 'react';
import { Button, Empty, Radio, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './choice-grid.module.css';
import { choiceGridStyle, type FieldControl } from './buy-section';

/**
 * A purchase field's choices as a grid of cards (regions, specs, images, networks, terms): one radio
 * card per entry, `<itemTestId>-<value>` on each; `before` puts fixed cards ahead of the entries.
 */
export function ChoiceGrid<T, V extends string | number>({
  entries,
  valueOf,
  card,
  minWidth,
  ariaLabel,
  testId,
  itemTestId,
  before,
  ...control
}: {
  entries: readonly T[];
  valueOf: (entry: T) => V;
  /** The card's content, usually a `ChoiceContent`. */
  card: (entry: T) => ReactNode;
  /** How narrow a card may get before the grid wraps (px). */
  minWidth: number;
  ariaLabel: string;
  testId: string;
  itemTestId: string;
  before?: ReactNode;
} & FieldControl<V>) {
  return (
    <Radio.Group
      {...control}
      className={styles.grid}
      style={choiceGridStyle(minWidth)}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      {before}
      {entries.map((entry) => {
        const value = valueOf(entry);
        return (
          <Radio.Button key={value} value={value} data-testid={`${itemTestId}-${value}`}>
            {card(entry)}
          </Radio.Button>
        );
      })}
    </Radio.Group>
  );
}

/** A catalogue answer as a choice field's state: loading (no data yet), failed (with a retry), or in. */
export interface CatalogAnswer<T> {
  data: readonly T[] | undefined;
  failed: boolean;
  onRetry: () => void;
}

/**
 * A catalogue answer in place of its choice cards: a retry when it failed, a skeleton while it
 * loads, the empty text when there is nothing (`<testId>-error|-loading|-empty`), else the cards.
 */
export function CatalogChoices<T>({
  answer: { data, failed, onRetry },
  failedText,
  empty,
  skeletonRows = 2,
  testId,
  children,
}: {
  answer: CatalogAnswer<T>;
  failedText: string;
  empty: ReactNode;
  skeletonRows?: number;
  testId: string;
  children: (entries: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation('purchase');
  if (failed && !data) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failedText} data-testid={`${testId}-error`}>
        <Button onClick={onRetry}>{t('retry')}</Button>
      </Empty>
    );
  }
  if (!data)
    return (
      <Skeleton active title={false} paragraph={{ rows: skeletonRows }} data-testid={`${testId}-loading`} />
    );
  if (!data.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={`${testId}-empty`} />;
  return children(data);
}
