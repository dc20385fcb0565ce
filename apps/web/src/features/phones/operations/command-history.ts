/**
 * The run-command console's input history, as a shell keeps it: ↑ goes to older commands, ↓ back
 * to newer ones and finally to what was being typed before browsing started.
 */
export interface HistoryCursor {
  /** Index into the history while browsing; null while editing a new line. */
  index: number | null;
  /** The line being typed when browsing started, given back past the newest command. */
  draft: string;
}

export const NEW_LINE: HistoryCursor = { index: null, draft: '' };

/** Where ↑ (`older`) or ↓ leads from `cursor`, and the text the input then shows. */
export function stepHistory(
  history: readonly string[],
  cursor: HistoryCursor,
  current: string,
  direction: 'older' | 'newer',
): { cursor: HistoryCursor; text: string } {
  if (history.length === 0) return { cursor, text: current };
  if (direction === 'older') {
    const draft = cursor.index === null ? current : cursor.draft;
    const index = cursor.index === null ? history.length - 1 : Math.max(0, cursor.index - 1);
    return { cursor: { index, draft }, text: history[index]! };
  }
  if (cursor.index === null) return { cursor, text: current };
  const index = cursor.index + 1;
  if (index >= history.length) return { cursor: NEW_LINE, text: cursor.draft };
  return { cursor: { index, draft: cursor.draft }, text: history[index]! };
}

/** The history after running `command`: appended, unless it repeats the last one (as bash's ignoredups). */
export function remember(history: readonly string[], command: string): string[] {
  return history[history.length - 1] === command ? [...history] : [...history, command];
}
