import { describe, expect, it } from 'vitest';
import { handleTree, toTreeSelect } from './tree';

const rows = [
  { id: 1, parentId: 0, label: '总部' },
  { id: 2, parentId: 1, label: '研发' },
  { id: 3, parentId: 1, label: '市场' },
  { id: 4, parentId: 2, label: '前端' },
  { id: 5, parentId: 99, label: '孤儿' },
];

describe('handleTree', () => {
  it('nests rows under their parents, in order, and keeps rows whose parent is missing as roots', () => {
    const tree = handleTree(rows);
    expect(tree.map((node) => node.id)).toEqual([1, 5]);
    expect(tree[0]?.children?.map((node) => node.id)).toEqual([2, 3]);
    expect(tree[0]?.children?.[0]?.children?.map((node) => node.id)).toEqual([4]);
    expect(tree[0]?.children?.[1]).not.toHaveProperty('children');
    expect(rows[0]).not.toHaveProperty('children');
  });

  it('uses the given field names', () => {
    const menus = [
      { menuId: 'a', pid: null, name: 'A' },
      { menuId: 'b', pid: 'a', name: 'B' },
    ];
    const tree = handleTree(menus, 'menuId', 'pid', 'items');
    expect(tree).toEqual([
      { menuId: 'a', pid: null, name: 'A', items: [{ menuId: 'b', pid: 'a', name: 'B' }] },
    ]);
  });

  it('treats a row that is its own parent as a root', () => {
    expect(handleTree([{ id: 1, parentId: 1 }])).toEqual([{ id: 1, parentId: 1 }]);
  });
});

describe('toTreeSelect', () => {
  it('maps nodes to value, label and children', () => {
    expect(toTreeSelect(handleTree(rows).slice(0, 1))).toEqual([
      {
        value: 1,
        label: '总部',
        children: [
          { value: 2, label: '研发', children: [{ value: 4, label: '前端' }] },
          { value: 3, label: '市场' },
        ],
      },
    ]);
  });

  it('reads other field names', () => {
    const nodes = [{ deptId: 10, deptName: '运营', kids: [{ deptId: 11, deptName: '客服' }] }];
    expect(toTreeSelect(nodes, { value: 'deptId', label: 'deptName', children: 'kids' })).toEqual([
      { value: 10, label: '运营', children: [{ value: 11, label: '客服' }] },
    ]);
  });
});
