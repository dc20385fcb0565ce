import { describe, expect, it } from 'vitest';
import {
  NO_GRANTS,
  getGrants,
  grantsOf,
  hasPermi,
  hasPermiAnd,
  hasPermiOr,
  hasRole,
  hasRoleAnd,
  hasRoleOr,
  meetsRequirement,
  setGrants,
  type Grants,
} from './access';
import { clearSession } from './storage';

const user: Grants = { roles: ['ROLE_DEFAULT', 'ops'], permissions: ['cloud:buy:list', 'cloud:log:list'] };
const superuser: Grants = { roles: ['ROLE_DEFAULT'], permissions: ['*:*:*'] };
const admin: Grants = { roles: ['admin'], permissions: [] };

describe('permission checks', () => {
  it('pass with an exact permission', () => {
    expect(hasPermi(user, 'cloud:buy:list')).toBe(true);
    expect(hasPermi(user, 'cloud:buy')).toBe(false);
    expect(hasPermi(user, 'system:user:edit')).toBe(false);
  });

  it('pass everything with the wildcard *:*:*', () => {
    expect(hasPermi(superuser, 'system:user:edit')).toBe(true);
    expect(hasPermiAnd(superuser, ['a:b:c', 'd:e:f'])).toBe(true);
  });

  it('do not treat the admin role as a permission', () => {
    expect(hasPermi(admin, 'cloud:buy:list')).toBe(false);
  });

  it('any-of passes when one permission passes', () => {
    expect(hasPermiOr(user, ['system:user:edit', 'cloud:log:list'])).toBe(true);
    expect(hasPermiOr(user, ['system:user:edit', 'system:role:edit'])).toBe(false);
    expect(hasPermiOr(user, [])).toBe(false);
  });

  it('all-of passes only when every permission passes', () => {
    expect(hasPermiAnd(user, ['cloud:buy:list', 'cloud:log:list'])).toBe(true);
    expect(hasPermiAnd(user, ['cloud:buy:list', 'system:user:edit'])).toBe(false);
  });

  it('pass nothing without grants', () => {
    expect(hasPermi(NO_GRANTS, 'cloud:buy:list')).toBe(false);
    expect(hasPermi(NO_GRANTS, '*:*:*')).toBe(false);
  });
});

describe('role checks', () => {
  it('pass with an exact role', () => {
    expect(hasRole(user, 'ops')).toBe(true);
    expect(hasRole(user, 'finance')).toBe(false);
  });

  it('pass every role for admin', () => {
    expect(hasRole(admin, 'finance')).toBe(true);
    expect(hasRoleAnd(admin, ['finance', 'ops'])).toBe(true);
  });

  it('do not treat the wildcard permission as a role', () => {
    expect(hasRole(superuser, 'ops')).toBe(false);
  });

  it('any-of and all-of', () => {
    expect(hasRoleOr(user, ['finance', 'ops'])).toBe(true);
    expect(hasRoleOr(user, ['finance'])).toBe(false);
    expect(hasRoleAnd(user, ['ROLE_DEFAULT', 'ops'])).toBe(true);
    expect(hasRoleAnd(user, ['ROLE_DEFAULT', 'finance'])).toBe(false);
  });
});

describe('route requirements', () => {
  it('ask for nothing when empty or absent', () => {
    expect(meetsRequirement(NO_GRANTS, undefined)).toBe(true);
    expect(meetsRequirement(NO_GRANTS, { permissions: [], roles: [] })).toBe(true);
  });

  it('need one of the permissions and one of the roles when both are given', () => {
    expect(meetsRequirement(user, { permissions: ['cloud:log:list'] })).toBe(true);
    expect(meetsRequirement(user, { permissions: ['system:user:list'] })).toBe(false);
    expect(meetsRequirement(user, { roles: ['ops'] })).toBe(true);
    expect(meetsRequirement(user, { permissions: ['cloud:log:list'], roles: ['finance'] })).toBe(false);
    expect(meetsRequirement(admin, { roles: ['finance'] })).toBe(true);
  });
});

describe('session grants', () => {
  it('give a user without roles ROLE_DEFAULT', () => {
    expect(grantsOf({ roles: [], permissions: [] })).toEqual({ roles: ['ROLE_DEFAULT'], permissions: [] });
    expect(grantsOf({ roles: ['ops'], permissions: ['x:y:z'] })).toEqual({
      roles: ['ops'],
      permissions: ['x:y:z'],
    });
  });

  it('end with the session', () => {
    setGrants(user);
    expect(getGrants()).toBe(user);
    clearSession();
    expect(getGrants()).toEqual(NO_GRANTS);
  });
});
