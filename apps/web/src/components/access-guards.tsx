import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../lib/access';

interface GuardProps {
  /** Any one of these lets the children show. An empty list is a programming error. */
  value: readonly string[];
  children: ReactNode;
}

/**
 * Shows its children only when the session has one of the permissions (spec §6 element
 * directive): `<HasPermi value={['system:user:add']}><Button>…</Button></HasPermi>`.
 */
export function HasPermi({ value, children }: GuardProps) {
  const { t } = useTranslation();
  const { hasPermiOr } = useAccess();
  if (value.length === 0) throw new Error(t('access.permiRequired'));
  return hasPermiOr(value) ? children : null;
}

/** Shows its children only when the session has one of the roles (spec §6 element directive). */
export function HasRole({ value, children }: GuardProps) {
  const { t } = useTranslation();
  const { hasRoleOr } = useAccess();
  if (value.length === 0) throw new Error(t('access.roleRequired'));
  return hasRoleOr(value) ? children : null;
}
