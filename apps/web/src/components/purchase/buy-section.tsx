import type { CSSProperties, ReactNode } from 'react';
import { Card, theme, type RadioChangeEvent } from 'antd';
import styles from './choice-grid.module.css';

/** One step of the purchase form: a card with its title. */
export function BuySection({
  title,
  testId,
  children,
}: {
  title: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card title={title} data-testid={testId} styles={{ body: { paddingBottom: 4 } }}>
      {children}
    </Card>
  );
}

/**
 * A choice card's content: a bold first line (with optional extras beside it), a badge line, muted
 * lines under it and a price.
 */
export function ChoiceContent({
  title,
  extra,
  badge,
  meta,
  price,
}: {
  title: ReactNode;
  extra?: ReactNode;
  /** On a line of its own, so cards with and without one line up. */
  badge?: ReactNode;
  meta?: ReactNode[];
  price?: ReactNode;
}) {
  return (
    <>
      <span className={styles.title}>
        {title}
        {extra}
      </span>
      {badge ? <span className={styles.badge}>{badge}</span> : null}
      {meta?.filter(Boolean).map((line, index) => (
        <span key={index} className={styles.meta}>
          {line}
        </span>
      ))}
      {price ? <span className={styles.price}>{price}</span> : null}
    </>
  );
}

/** The grid style of choice cards, narrowest card `min` px. */
export function choiceGridStyle(min: number): CSSProperties {
  return { '--choice-min': `${min}px` } as CSSProperties;
}

/** Small muted text under a field. */
export function FieldNote({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{children}</span>;
}

/** What a Form.Item hands the radio group it wraps. */
export interface FieldControl<T> {
  id?: string;
  value?: T;
  onChange?: (event: RadioChangeEvent) => void;
}
