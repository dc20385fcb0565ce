import type { IconName } from './icons';
import './icons.css';

/** An antd icon (1em, currentColor, as antd's <Icon> draws it), painted by CSS from icons.css. */
export function Icon({ name, spin = false }: { name: IconName; spin?: boolean }) {
  return (
    <span
      role="img"
      aria-hidden="true"
      className={`auth-icon auth-icon-${name}${spin ? ' auth-icon-spin' : ''}`}
    />
  );
}
