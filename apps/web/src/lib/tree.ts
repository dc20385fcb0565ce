/**
 * Tree helpers (spec §3 Tree node: id, parentId, children; a tree-select uses value, label,
 * children), as RuoYi's `handleTree`: flat rows with parent ids become nested nodes.
 */

export type TreeRow = Record<string, unknown>;
export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/**
 * Nests `list` by `parentId`. Rows whose parent is not in the list are roots, so a filtered list
 * (a search that kept a child but not its parent) still shows every row. Order is kept. Rows are
 * copied, the input is left as it was; a node without children has no `children` key.
 */
export function handleTree<T extends TreeRow>(
  list: readonly T[],
  id = 'id',
  parentId = 'parentId',
  children = 'children',
): TreeNode<T>[] {
  const nodes = list.map((row) => ({ ...row }) as TreeRow);
  const byId = new Map<unknown, TreeRow>();
  for (const node of nodes) byId.set(node[id], node);

  const roots: TreeRow[] = [];
  for (const node of nodes) {
    const parent = byId.get(node[parentId]);
    // A row naming itself as parent would make a cycle: treat it as a root.
    if (parent && parent !== node) {
      const siblings = (parent[children] as TreeRow[] | undefined) ?? [];
      siblings.push(node);
      parent[children] = siblings;
    } else {
      roots.push(node);
    }
  }
  return roots as TreeNode<T>[];
}

export interface TreeSelectOption {
  value: string | number;
  label: string;
  children?: TreeSelectOption[];
}

export interface TreeSelectKeys {
  /** Field of the node that becomes `value` (default 'id'). */
  value?: string;
  /** Field that becomes `label` (default 'label'). */
  label?: string;
  /** Field holding the child nodes (default 'children'). */
  children?: string;
}

/** Nodes → the `{ value, label, children }` options of antd's TreeSelect. */
export function toTreeSelect(nodes: readonly TreeRow[], keys: TreeSelectKeys = {}): TreeSelectOption[] {
  const { value = 'id', label = 'label', children = 'children' } = keys;
  return nodes.map((node) => {
    const option: TreeSelectOption = {
      value: node[value] as string | number,
      label: String(node[label] ?? ''),
    };
    const kids = node[children];
    if (Array.isArray(kids) && kids.length > 0) option.children = toTreeSelect(kids as TreeRow[], keys);
    return option;
  });
}
