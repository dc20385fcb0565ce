import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routerNode } from '../test/fixtures';
import { generateRoutes } from './generated-routes';

const page = () => Promise.resolve(() => null);
const pages = { 'cloud/buy': page, 'cloud/list': page, 'system/user': page, 'user/profile': page };
const customer = { roles: ['ROLE_DEFAULT'], permissions: [] };

const paths = (routes: RouteObject[]) => routes.map((route) => route.path);

describe('generateRoutes', () => {
  it('joins nested paths and keeps only nodes whose component has a page', () => {
    const nodes = [
      routerNode('/cloud', 'Layout', {
        children: [
          routerNode('buy', 'cloud/buy'),
          routerNode('cloudLis', 'cloud/list'),
          routerNode('log', 'cloud/log'),
          routerNode('more', 'ParentView', { children: [routerNode('deep', 'cloud/buy')] }),
        ],
      }),
    ];
    expect(paths(generateRoutes(nodes, customer, { pages }))).toEqual([
      '/cloud/buy',
      '/cloud/cloudLis',
      '/cloud/more/deep',
    ]);
  });

  it('gives each route a stable id, its title under route. and its permissions', () => {
    const [route] = generateRoutes(
      [
        routerNode('/cloud/buy', 'cloud/buy', {
          meta: { title: 'route.cloudBuy', icon: null, noCache: true, link: null, permissions: [] },
        }),
      ],
      customer,
      { pages },
    );
    expect(route?.id).toBe('generated:/cloud/buy');
    expect(route?.handle).toEqual({ meta: { title: 'route.cloudBuy', permissions: [], noCache: true } });

    const [bare] = generateRoutes(
      [
        routerNode('/x', 'cloud/buy', {
          meta: { title: 'cloudBuy', icon: null, noCache: false, link: null, permissions: [] },
        }),
      ],
      customer,
      { pages },
    );
    expect((bare?.handle as { meta: { title: string } }).meta.title).toBe('route.cloudBuy');
  });

  it('drops nodes, with their children, whose permissions the user lacks', () => {
    const nodes = [
      routerNode('/system', 'Layout', {
        permissions: ['system:menu'],
        children: [routerNode('user', 'system/user')],
      }),
      routerNode('/users', 'system/user', { permissions: ['system:user:list'] }),
    ];
    expect(generateRoutes(nodes, customer, { pages })).toEqual([]);
    expect(
      paths(generateRoutes(nodes, { roles: ['ops'], permissions: ['system:user:list'] }, { pages })),
    ).toEqual(['/users']);
    expect(paths(generateRoutes(nodes, { roles: ['admin'], permissions: ['*:*:*'] }, { pages }))).toEqual([
      '/system/user',
      '/users',
    ]);
  });

  it('skips external links and paths the route table already serves', () => {
    const nodes = [
      routerNode('https://docs.example.com', 'cloud/buy'),
      routerNode('/docs', 'cloud/buy', {
        meta: {
          title: 'route.docs',
          icon: null,
          noCache: false,
          link: 'https://docs.example.com',
          permissions: [],
        },
      }),
      routerNode('/user', 'Layout', { hidden: true, children: [routerNode('profile', 'user/profile')] }),
    ];
    expect(generateRoutes(nodes, customer, { pages, reservedPaths: new Set(['/user/profile']) })).toEqual([]);
  });

  it('turns an inner link into the frame page, bound to its address', async () => {
    const frame = ({ src, title }: { src: string; title: string }) => createElement('iframe', { src, title });
    const nodes = [
      routerNode('/tool', 'Layout', {
        children: [
          routerNode('swagger', 'InnerLink', {
            meta: {
              title: 'route.toolSwagger',
              icon: null,
              noCache: false,
              link: '/api/docs',
              permissions: [],
            },
          }),
        ],
      }),
    ];
    expect(generateRoutes(nodes, customer, { pages })).toEqual([]);
    const [route] = generateRoutes(nodes, customer, { pages, innerLink: () => Promise.resolve(frame) });
    expect(route?.path).toBe('/tool/swagger');
    expect(route?.handle).toEqual({
      meta: { title: 'route.toolSwagger', permissions: [], link: '/api/docs' },
    });
    const lazy = route?.lazy as () => Promise<{ Component: () => ReactElement }>;
    const { Component } = await lazy();
    expect(Component().props).toEqual({ src: '/api/docs', title: 'route.toolSwagger' });
  });

  it('generates a path once when the tree names it twice', () => {
    const nodes = [routerNode('/cloud/buy', 'cloud/buy'), routerNode('/cloud/buy', 'cloud/buy')];
    expect(paths(generateRoutes(nodes, customer, { pages }))).toEqual(['/cloud/buy']);
  });
});
