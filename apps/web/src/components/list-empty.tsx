import type { ReactNode } from 'react';
import { Button, Flex, theme } from 'antd';
import { lazyPart } from '../lib/lazy-part';

// antd's Empty (with its images) is not part of a list's first screen: it shows after the rows'
// request has answered, by when antd's Table, which imports Empty too, has usually loaded it.
const Empty = lazyPart(() => import('./antd-empty'), 'EmptyState');

/** Starts loading the empty state's code (a list does when it mounts, with its table's). */
export const prefetchListEmpty = () => Empty.prefetch();

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
    <Empty simple description={description} data-testid={testId}>
      {children}
    </Empty>
  );
}

export interface FirstUseEmptyProps {
  /** What is missing, as a title ('No cloud computers yet'). */
  title: ReactNode;
  /** How the first one comes. */
  hint: ReactNode;
  testId: string;
  /** The way to make the first one, e.g. a Buy button. */
  children?: ReactNode;
}

/** A page or list with nothing in it yet: a titled explanation, in the large image, and the way in. */
export function FirstUseEmpty({ title, hint, testId, children }: FirstUseEmptyProps) {
  const { token } = theme.useToken();
  return (
    <Empty
      description={
        <Flex vertical gap={4} align="center">
          <span style={{ color: token.colorText, fontWeight: token.fontWeightStrong }}>{title}</span>
          <span style={{ color: token.colorTextSecondary, maxWidth: 460 }}>{hint}</span>
        </Flex>
      }
      data-testid={testId}
    >
      {children}
    </Empty>
  );
}

/** The texts of a server-paged list's empty states. */
export interface RecordListTexts {
  loadFailed: string;
  retry: string;
  emptyFiltered: string;
  empty: string;
  emptyHint: string;
}

/**
 * A list's empty-state texts, each key translated by `translate`: lists keep them under one prefix
 * of their namespace, e.g. `recordListTexts((key) => t(`list.${key}`))`.
 */
export function recordListTexts(translate: (key: keyof RecordListTexts) => string): RecordListTexts {
  return {
    loadFailed: translate('loadFailed'),
    retry: translate('retry'),
    emptyFiltered: translate('emptyFiltered'),
    empty: translate('empty'),
    emptyHint: translate('emptyHint'),
  };
}

export interface RecordListEmptyProps {
  /** The load failed: say so and offer `onRetry`. */
  failed: boolean;
  /** Filters are set: nothing matches them. */
  filtered: boolean;
  onRetry: () => void;
  /** The list's texts, already translated. */
  texts: RecordListTexts;
  /** `{testIdPrefix}-error` on the failure, `{testIdPrefix}-empty` otherwise. */
  testIdPrefix: string;
  /** The way to the first record (shown only when there are none yet). */
  children?: ReactNode;
}

/** What a server-paged table shows without rows: the load error, no match for the filters, or none yet. */
export function RecordListEmpty({
  failed,
  filtered,
  onRetry,
  texts,
  testIdPrefix,
  children,
}: RecordListEmptyProps) {
  if (failed) {
    return (
      <ListEmpty description={texts.loadFailed} testId={`${testIdPrefix}-error`}>
        <Button onClick={onRetry}>{texts.retry}</Button>
      </ListEmpty>
    );
  }
  if (filtered) return <ListEmpty description={texts.emptyFiltered} testId={`${testIdPrefix}-empty`} />;
  return (
    <FirstUseEmpty title={texts.empty} hint={texts.emptyHint} testId={`${testIdPrefix}-empty`}>
      {children}
    </FirstUseEmpty>
  );
}
