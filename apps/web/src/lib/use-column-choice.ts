/** The table toolbar's column choice for a Table's column definitions, labelled like their headers. */
import { useState } from 'react';
import { visibleColumns, type TableColumn } from './table-columns';

interface ColumnDefinition {
  key?: unknown;
  title?: unknown;
}

/**
 * `choice` and `onChange` for `TableToolbar`, and the definitions the table shows. Columns keyed in
 * `initiallyHidden` start hidden: a wide list keeps its secondary columns one click away.
 */
export function useColumnChoice<C extends ColumnDefinition>(
  definitions: C[],
  initiallyHidden: readonly string[] = [],
) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(initiallyHidden));
  const choice: TableColumn[] = definitions.map((column) => ({
    key: String(column.key),
    label: String(column.title),
    visible: !hidden.has(String(column.key)),
  }));
  const onChange = (next: TableColumn[]) =>
    setHidden(new Set(next.filter((column) => !column.visible).map((column) => column.key)));
  return { choice, onChange, columns: visibleColumns(definitions, choice) };
}
