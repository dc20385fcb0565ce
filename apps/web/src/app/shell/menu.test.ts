import { describe, expect, it } from 'vitest';
import type { RouterNode } from '@cloudbay/contracts';
import { routerNode } from '../../test/fixtures';
import { buildMenu, crumbTrail, firstPageOf, menuTrail, type MenuContext, type MenuEntry } from './menu';

function node(
  path: string,
  component: string,
  meta: Partial<RouterNode['meta']> = {},
  extra: Partial<RouterNode> = {},
) {
  const base = routerNode(path, component, extra);
  return { ...base, meta: { ...base.meta, title: `route.${path.replace(/\W/g, '')}`, ...meta } };
}

const AVAILABLE = new Set([
  '/cloud/buy',
  '/cloud/notice',
  '/mesceter/topup',
  '/tool/swagger',
  '/user/profile',
  '/zqgl/officenetwork',
]);
const context = (phoneAllowed = false): MenuContext => ({
  isAvailable: (path) => AVAILABLE.has(path),
  phoneAllowed,
});

const NODES: RouterNode[] = [
  node(
    '/cloud',
    'Layout',
    { icon: 'desktop' },
    {
      children: [node('buy', 'cloud/buy'), node('log', 'cloud/log'), node('notice', 'cloud/notice')],
    },
  ),
  node('/phone', 'Layout', { icon: 'mobile' }, { children: [node('buyph', 'phone/buy')] }),
  node(
    '/zqgl',
    'Layout',
    { icon: 'cloud' },
    { children: [node('buyIP', 'network/buy-ip'), node('officenetwork', 'network/office')] },
  ),
  node(
    '/mesceter',
    'Layout',
    { icon: 'wallet' },
    {
      children: [node('topup', 'spending/topup'), node('order', 'spending/order')],
    },
  ),
  node('/later', 'Layout', {}, { children: [node('one', 'later/one'), node('two', 'later/two')] }),
  node(
    '/user',
    'Layout',
    { icon: 'user' },
    { hidden: true, children: [node('profile', 'user/profile', {}, { hidden: true })] },
  ),
  node(
    '/tool',
    'Layout',
    { icon: 'tool' },
    {
      children: [node('swagger', 'InnerLink', { link: '/api/docs', title: 'route.toolSwagger' })],
    },
  ),
  node(
    '/docs',
    'Layout',
    {},
    {
      children: [node('guide', 'ParentView', { link: 'https://docs.example.com/guide' })],
    },
  ),
];

const keys = (entries: readonly MenuEntry[]): unknown[] =>
  entries.map((entry) => (entry.children ? [entry.key, keys(entry.children)] : `${entry.key}:${entry.kind}`));

describe('buildMenu', () => {
  it('offers home, then what the session can open; hides hidden nodes and groups with nothing to open', () => {
    expect(keys(buildMenu(NODES, context()))).toEqual([
      '/index:page',
      ['/cloud', ['/cloud/buy:page', '/cloud/notice:page']],
      '/phone:blocked',
      ['/zqgl', ['/zqgl/officenetwork:page']],
      ['/mesceter', ['/mesceter/topup:page']],
      ['/tool', ['/tool/swagger:page']],
      ['/docs', ['/docs/guide:external']],
    ]);
  });

  it('shows the blocked entries even when nothing under them can be opened, without their children', () => {
    const [, , phone] = buildMenu(NODES, context());
    expect(phone).toEqual({ key: '/phone', kind: 'blocked', title: 'route.phone', icon: 'mobile' });
    expect(phone?.children).toBeUndefined();
    const ycs = buildMenu([node('/ycs', 'Layout')], context());
    expect(keys(ycs)).toEqual(['/index:page', '/ycs:blocked']);
  });

  it('opens the cloud network menu (/zqgl) to everyone: its pages with a route, as any group', () => {
    const network = buildMenu(NODES, context()).find((entry) => entry.key === '/zqgl');
    expect(network).toMatchObject({ kind: 'group', title: 'route.zqgl', icon: 'cloud' });
    // Buying IPs has no page yet: only the office networks are offered.
    expect(keys(network?.children ?? [])).toEqual(['/zqgl/officenetwork:page']);
    expect(firstPageOf(network!)?.key).toBe('/zqgl/officenetwork');
    const nothingBuilt = buildMenu(NODES, { isAvailable: () => false, phoneAllowed: false });
    expect(nothingBuilt.map((entry) => entry.key)).not.toContain('/zqgl');
  });

  it('opens /phone as usual for a user with ph_white_user 1 (its pages decide whether it shows)', () => {
    const allowed = buildMenu(NODES, context(true));
    expect(allowed.map((entry) => entry.key)).not.toContain('/phone');
    expect(keys(allowed)).toContainEqual(['/zqgl', ['/zqgl/officenetwork:page']]);
    const withPage = buildMenu(NODES, { isAvailable: (path) => path === '/phone/buyph', phoneAllowed: true });
    expect(keys(withPage).slice(0, 2)).toEqual(['/index:page', ['/phone', ['/phone/buyph:page']]]);
  });

  it('names the link of an external entry', () => {
    const docs = buildMenu(NODES, context()).find((entry) => entry.key === '/docs');
    expect(docs?.children?.[0]).toMatchObject({ kind: 'external', link: 'https://docs.example.com/guide' });
  });

  it('keeps the inner link as a page of the console, at its own path', () => {
    const tool = buildMenu(NODES, context()).find((entry) => entry.key === '/tool');
    expect(tool?.children?.[0]).toEqual({
      key: '/tool/swagger',
      kind: 'page',
      title: 'route.toolSwagger',
      icon: null,
    });
    const unavailable = buildMenu(NODES, { isAvailable: () => false, phoneAllowed: false });
    expect(unavailable.map((entry) => entry.key)).not.toContain('/tool');
  });

  it('does not add home twice when the menu data has it', () => {
    const menu = buildMenu([node('/index', 'home')], { isAvailable: () => true, phoneAllowed: false });
    expect(keys(menu)).toEqual(['/index:page']);
  });
});

describe('trails', () => {
  const menu = buildMenu(NODES, context());

  it('finds the entries above a page', () => {
    expect(menuTrail(menu, '/cloud/notice').map((entry) => entry.key)).toEqual(['/cloud', '/cloud/notice']);
    expect(menuTrail(menu, '/index').map((entry) => entry.key)).toEqual(['/index']);
    expect(menuTrail(menu, '/user/profile')).toEqual([]);
  });

  it('names hidden groups in the breadcrumb', () => {
    expect(crumbTrail(NODES, '/user/profile')).toEqual([
      { path: '/user', title: 'route.user' },
      { path: '/user/profile', title: 'route.profile' },
    ]);
    expect(crumbTrail(NODES, '/nowhere')).toEqual([]);
  });

  it('leads a group to its first page', () => {
    expect(firstPageOf(menu[1]!)?.key).toBe('/cloud/buy');
    expect(firstPageOf(menu[2]!)).toBeUndefined();
  });
});
