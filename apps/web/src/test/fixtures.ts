import { RequestError } from '../lib/request';
import type { RouterNode, SessionInfo, User } from '@cloudbay/contracts';
import { fakeApi } from './fake-api';

export function testUser(overrides: Partial<User> = {}): User {
  return {
    userId: 7,
    userName: 'ada@example.com',
    email: 'ada@example.com',
    nickname: 'Ada Lovelace',
    avatar: '',
    balance: '12.50',
    ph_white_user: 0,
    is_son: false,
    parent_id: null,
    invite_code: 'ADA2026',
    language: 'zh-CN',
    ...overrides,
  };
}

/** A node of GET /getRouters. */
export function routerNode(
  path: string,
  component: string,
  overrides: Partial<RouterNode> & { permissions?: string[] } = {},
): RouterNode {
  const { permissions = [], ...rest } = overrides;
  return {
    name: path,
    path,
    component,
    hidden: false,
    meta: { title: 'home', icon: null, noCache: false, link: null, permissions },
    ...rest,
  };
}

/** Answers GET /user, /getInfo and /getRouters for a signed-in user. */
export function serveSession(
  options: {
    user?: User;
    roles?: string[];
    permissions?: string[];
    routers?: RouterNode[];
    support?: SessionInfo['support'];
  } = {},
): void {
  const user = options.user ?? testUser();
  const info: SessionInfo = {
    user,
    roles: options.roles ?? [],
    permissions: options.permissions ?? [],
    support: options.support ?? null,
  };
  fakeApi.ok('GET', '/user', user);
  fakeApi.ok('GET', '/getInfo', info);
  fakeApi.ok('GET', '/getRouters', options.routers ?? []);
}

/** What the request client throws when the server answered `status` (with `error_code` `code`). */
export function answeredError(status: number, code?: string): RequestError {
  return new RequestError('answer', 'refused', {
    status,
    code: status,
    handled: true,
    envelope: { code: status, msg: 'refused', success: false, data: code ? { error_code: code } : null },
  });
}
