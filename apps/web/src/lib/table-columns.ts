/** Column visibility of the table toolbar (spec §3 Table column: key, label, visible). */

export interface TableColumn {
  key: string;
  label: string;
  visible: boolean;
}

/** The table's column definitions whose key the toolbar shows; columns it does not list stay. */
export function visibleColumns<C extends { key?: unknown }>(definitions: C[], columns: TableColumn[]): C[] {
  const hidden = new Set(columns.filter((column) => !column.visible).map((column) => column.key));
  return definitions.filter((definition) => !hidden.has(String(definition.key)));
}

/** `columns` with `key` shown or hidden; the last visible column cannot be hidden (an empty table says nothing). */
export function toggleColumn(columns: TableColumn[], key: string, visible: boolean): TableColumn[] {
  if (!visible && columns.filter((column) => column.visible).length <= 1) return columns;
  return columns.map((column) => (column.key === key ? { ...column, visible } : column));
}

/** Every column shown, or all but the first hidden (one stays so the table keeps a column). */
export function toggleAllColumns(columns: TableColumn[], visible: boolean): TableColumn[] {
  return columns.map((column, index) => ({ ...column, visible: visible || index === 0 }));
}
