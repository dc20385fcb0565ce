/** Flat rows with a parent id as the nested options of a checkable tree (RuoYi's TreeSelect). */
import type { TreeOption } from '@cloudbay/contracts';

interface FlatNode {
  id: number;
  parentId: number | null;
}

/**
 * Nests `rows` (already in display order) under their parents; a row whose parent is not among
 * them is a root, so a filtered list still shows every row.
 */
export function treeOptions<Row extends FlatNode>(
  rows: readonly Row[],
  toOption: (row: Row) => Omit<TreeOption, 'id' | 'children'>,
): TreeOption[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, Row[]>();
  for (const row of rows) {
    if (row.parentId === null || !ids.has(row.parentId)) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  }
  const build = (row: Row): TreeOption => {
    const kids = children.get(row.id) ?? [];
    return { id: row.id, ...toOption(row), ...(kids.length > 0 ? { children: kids.map(build) } : {}) };
  };
  return rows.filter((r) => r.parentId === null || !ids.has(r.parentId)).map(build);
}
