import { useMemo, useState } from 'react';
import { Checkbox, Empty, Flex, Skeleton, Tree, theme, type TreeDataNode } from 'antd';
import type { TreeOption } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { titleKey } from '../../../app/generated-routes';

/** The ids of a tree, depth first. */
function allIds(options: readonly TreeOption[]): number[] {
  return options.flatMap((o) => [o.id, ...allIds(o.children ?? [])]);
}

/** Ids of nodes that have children. */
function parentIds(options: readonly TreeOption[]): number[] {
  return options.flatMap((o) => (o.children?.length ? [o.id, ...parentIds(o.children)] : []));
}

/**
 * With parent-child linkage a checked parent checks every child, so of the saved keys only those
 * without a checked descendant are handed to the tree (RuoYi's `menuCheckStrictly` read); the tree
 * works the parents out again.
 */
export function linkedKeys(options: readonly TreeOption[], checked: readonly number[]): number[] {
  const set = new Set(checked);
  const hasCheckedBelow = (o: TreeOption): boolean =>
    (o.children ?? []).some((c) => set.has(c.id) || hasCheckedBelow(c));
  const walk = (nodes: readonly TreeOption[]): number[] =>
    nodes.flatMap((o) => [
      ...(set.has(o.id) && !hasCheckedBelow(o) ? [o.id] : []),
      ...walk(o.children ?? []),
    ]);
  return walk(options);
}

export interface CheckableTreeProps {
  options: readonly TreeOption[] | undefined;
  /** The ids the record holds, as saved (parents included). */
  initialChecked: readonly number[];
  /** What to save: with linkage the half-checked parents are included, so pages keep their directory. */
  onChange: (ids: number[]) => void;
  testId: string;
}

/**
 * A checkable tree with RuoYi's toolbar: expand or collapse all, select all or none, and the
 * parent-child linkage switch (on: checking a directory checks its pages; off: each node alone).
 */
export function CheckableTree({ options, initialChecked, onChange, testId }: CheckableTreeProps) {
  const { t } = useTranslation('systemRole');
  const { t: tCommon } = useTranslation();
  const { token } = theme.useToken();
  const [linked, setLinked] = useState(true);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [checked, setChecked] = useState<number[] | undefined>();
  const tree = useMemo(() => options ?? [], [options]);
  const everyId = useMemo(() => allIds(tree), [tree]);
  const shown = checked ?? linkedKeys(tree, initialChecked);

  const treeData = useMemo(() => {
    const toNode = (o: TreeOption): TreeDataNode => ({
      key: o.id,
      // Seeded menus carry a title key the console translates; typed names show as typed.
      title: o.labelKey ? tCommon(titleKey(o.labelKey)) : o.label,
      children: o.children?.map(toNode),
    });
    return tree.map(toNode);
  }, [tree, tCommon]);

  if (!options) return <Skeleton active paragraph={{ rows: 4 }} data-testid={`${testId}-loading`} />;
  if (options.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('tree.empty')}
        data-testid={`${testId}-empty`}
      />
    );
  }

  const update = (keys: number[], halfChecked: number[]) => {
    setChecked(keys);
    onChange([...new Set([...keys, ...halfChecked])]);
  };

  return (
    <Flex vertical gap="small" data-testid={testId}>
      <Flex gap="middle" wrap>
        <Checkbox
          checked={expanded.length > 0}
          onChange={(e) => setExpanded(e.target.checked ? parentIds(tree) : [])}
          data-testid={`${testId}-expand`}
        >
          {t('tree.expand')}
        </Checkbox>
        <Checkbox
          checked={everyId.length > 0 && shown.length === everyId.length}
          onChange={(e) => update(e.target.checked ? everyId : [], [])}
          data-testid={`${testId}-all`}
        >
          {t('tree.selectAll')}
        </Checkbox>
        <Checkbox
          checked={linked}
          onChange={(e) => setLinked(e.target.checked)}
          data-testid={`${testId}-linked`}
        >
          {t('tree.linked')}
        </Checkbox>
      </Flex>
      <div
        style={{
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          padding: token.paddingXS,
          maxHeight: 320,
          overflow: 'auto',
        }}
      >
        <Tree
          checkable
          checkStrictly={!linked}
          selectable={false}
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys as number[])}
          checkedKeys={shown}
          onCheck={(value, info) => {
            const keys = (Array.isArray(value) ? value : value.checked) as number[];
            update(keys, linked ? ((info.halfCheckedKeys ?? []) as number[]) : []);
          }}
        />
      </div>
    </Flex>
  );
}
