/**
 * Permissions in one place (spec §6): the signed-in user's roles and permission strings, and the
 * checks every component and route asks. A permission passes with the wildcard `*:*:*` or an exact
 * match; a role passes with `admin` or an exact match. The checks are plain functions of the grants
 * so they are testable alone; `useAccess()` binds them to the current session.
 */
import { useSyncExternalStore } from 'react';
import { ALL_PERMISSIONS, ROLE_ADMIN, ROLE_DEFAULT } from '@cloudbay/contracts/core';
import { onSessionEnd } from './storage';

/** What GET /getInfo grants the session. */
export interface Grants {
  readonly roles: readonly string[];
  readonly permissions: readonly string[];
}

/** What a route may require (route meta `permissions` / `roles`): any one of each list suffices. */
export interface AccessRequirement {
  permissions?: readonly string[];
  roles?: readonly string[];
}

export const NO_GRANTS: Grants = Object.freeze({ roles: [], permissions: [] });

export function hasPermi(grants: Grants, permission: string): boolean {
  return grants.permissions.some((granted) => granted === ALL_PERMISSIONS || granted === permission);
}

/** Passes when any one of `permissions` passes. */
export function hasPermiOr(grants: Grants, permissions: readonly string[]): boolean {
  return permissions.some((permission) => hasPermi(grants, permission));
}

/** Passes when every one of `permissions` passes. */
export function hasPermiAnd(grants: Grants, permissions: readonly string[]): boolean {
  return permissions.every((permission) => hasPermi(grants, permission));
}

export function hasRole(grants: Grants, role: string): boolean {
  return grants.roles.some((granted) => granted === ROLE_ADMIN || granted === role);
}

/** Passes when any one of `roles` passes. */
export function hasRoleOr(grants: Grants, roles: readonly string[]): boolean {
  return roles.some((role) => hasRole(grants, role));
}

/** Passes when every one of `roles` passes. */
export function hasRoleAnd(grants: Grants, roles: readonly string[]): boolean {
  return roles.every((role) => hasRole(grants, role));
}

/** Whether a route's requirement is met: an empty or missing list asks for nothing. */
export function meetsRequirement(grants: Grants, requirement: AccessRequirement | undefined): boolean {
  const { permissions = [], roles = [] } = requirement ?? {};
  return (
    (permissions.length === 0 || hasPermiOr(grants, permissions)) &&
    (roles.length === 0 || hasRoleOr(grants, roles))
  );
}

/** Grants as the session info states them; a user without roles has ROLE_DEFAULT (spec §3). */
export function grantsOf(info: { roles: readonly string[]; permissions: readonly string[] }): Grants {
  return Object.freeze({
    roles: info.roles.length > 0 ? [...info.roles] : [ROLE_DEFAULT],
    permissions: [...info.permissions],
  });
}

// The current session's grants: set when the routes are generated, emptied when the session ends.
let current: Grants = NO_GRANTS;
const listeners = new Set<() => void>();

export function getGrants(): Grants {
  return current;
}

export function setGrants(grants: Grants): void {
  current = grants;
  for (const listener of listeners) listener();
}

export function resetGrants(): void {
  setGrants(NO_GRANTS);
}

// Logout and expiry end the grants with the session.
onSessionEnd(resetGrants);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The checks bound to the current session's grants; re-renders when they change. */
export function useAccess() {
  const grants = useSyncExternalStore(subscribe, getGrants, getGrants);
  return {
    grants,
    hasPermi: (permission: string) => hasPermi(grants, permission),
    hasPermiOr: (permissions: readonly string[]) => hasPermiOr(grants, permissions),
    hasPermiAnd: (permissions: readonly string[]) => hasPermiAnd(grants, permissions),
    hasRole: (role: string) => hasRole(grants, role),
    hasRoleOr: (roles: readonly string[]) => hasRoleOr(grants, roles),
    hasRoleAnd: (roles: readonly string[]) => hasRoleAnd(grants, roles),
  };
}
