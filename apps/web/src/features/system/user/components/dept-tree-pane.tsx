import { useMemo, useState } from 'react';
import { Card, Input, Skeleton, Tree } from 'antd';
import type { DeptTreeNode } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useDeptTree } from '../../dept/api/depts';

type Node = { key: number; title: string; children?: Node[] };

/** Keeps the nodes whose label holds `text`, with the path down to them. */
function filterTree(nodes: DeptTreeNode[], text: string): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children ?? [], text);
    if (!text || node.label.toLowerCase().includes(text) || children.length > 0) {
      out.push({ key: node.id, title: node.label, ...(children.length ? { children } : {}) });
    }
  }
  return out;
}

/** The user page's left pane (RuoYi): the departments as a searchable tree; a click filters the list. */
export function DeptTreePane({
  selected,
  onSelect,
}: {
  selected?: number;
  onSelect: (deptId?: number) => void;
}) {
  const { t } = useTranslation('systemUser');
  const tree = useDeptTree();
  const [text, setText] = useState('');
  const nodes = useMemo(() => filterTree(tree.data ?? [], text.trim().toLowerCase()), [tree.data, text]);
  return (
    <Card styles={{ body: { padding: 12 } }} data-testid="user-dept-tree">
      <Input.Search
        allowClear
        placeholder={t('deptSearch')}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="user-dept-search"
      />
      {tree.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      ) : (
        <Tree<Node>
          treeData={nodes}
          defaultExpandAll
          // Re-mounted when the search changes so every match shows opened.
          key={`${text}-${tree.dataUpdatedAt}`}
          selectedKeys={selected ? [selected] : []}
          // A second click on the selected department clears the filter.
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
        />
      )}
    </Card>
  );
}
