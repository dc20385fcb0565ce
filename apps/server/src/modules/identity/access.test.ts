import { describe, expect, it } from 'vitest';
import { buildRouterTree, hasPermission, hasRole } from './access';
import type { MenuRow } from './repo';

const row = (id: number, parentId: number | null, extra: Partial<MenuRow>): MenuRow => ({
  id,
  parentId,
  key: `m${id}`,
  menuType: 'C',
  path: `p${id}`,
  component: `c/${id}`,
  titleKey: `route.m${id}`,
  name: null,
  icon: null,
  perms: null,
  hidden: false,
  noCache: false,
  link: null,
  query: null,
  sort: id,
  status: 'enabled',
  createdAt: new Date(),
  updatedAt: new Date(),
  ...extra,
});

describe('hasPermission / hasRole', () => {
  it('passes the wildcard or the exact permission', () => {
    expect(hasPermission({ roles: [], permissions: ['*:*:*'] }, 'system:user:edit')).toBe(true);
    expect(hasPermission({ roles: [], permissions: ['system:user:edit'] }, 'system:user:edit')).toBe(true);
    expect(hasPermission({ roles: [], permissions: ['system:user:list'] }, 'system:user:edit')).toBe(false);
  });
  it('passes admin or the exact role', () => {
    expect(hasRole({ roles: ['admin'], permissions: [] }, 'auditor')).toBe(true);
    expect(hasRole({ roles: ['auditor'], permissions: [] }, 'auditor')).toBe(true);
    expect(hasRole({ roles: ['ROLE_DEFAULT'], permissions: [] }, 'auditor')).toBe(false);
  });
});

describe('buildRouterTree', () => {
  it('nests pages under directories, with Layout, ParentView and the first visible child as redirect', () => {
    const tree = buildRouterTree([
      row(1, null, { menuType: 'M', path: '/cloud', component: null }),
      row(2, 1, { path: 'buy', hidden: true }),
      row(3, 1, { path: 'list' }),
      row(4, 1, { menuType: 'M', path: 'more', component: null }),
      row(5, 4, { path: 'deep', perms: 'cloud:deep:list' }),
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ path: '/cloud', component: 'Layout', redirect: '/cloud/list' });
    expect(tree[0]!.children!.map((c) => c.component)).toEqual(['c/2', 'c/3', 'ParentView']);
    expect(tree[0]!.children![2]!.children![0]).toMatchObject({
      path: 'deep',
      meta: { permissions: ['cloud:deep:list'] },
    });
  });

  it('lifts pages whose directory the user cannot see to the top', () => {
    const tree = buildRouterTree([row(7, 99, { path: '/orphan' })]);
    expect(tree.map((n) => n.path)).toEqual(['/orphan']);
  });

  it("carries an operator's typed menu name as the label, a seeded title key without one", () => {
    const [named, seeded] = buildRouterTree([row(8, null, { name: 'Partner desk' }), row(9, null, {})]);
    expect(named!.meta).toMatchObject({ title: 'route.m8', label: 'Partner desk' });
    expect(seeded!.meta).not.toHaveProperty('label');
  });

  it('gives a page its route parameters (RuoYi query); none for empty or unreadable text', () => {
    const [withQuery, empty, broken] = buildRouterTree([
      row(10, null, { query: '{"id": 1, "tab": "roles"}' }),
      row(11, null, { query: '{}' }),
      row(12, null, { query: '{"id": ' }),
    ]);
    expect(withQuery!.query).toEqual({ id: 1, tab: 'roles' });
    expect(empty).not.toHaveProperty('query');
    expect(broken).not.toHaveProperty('query');
  });
});
