import { ICON_PATHS } from './icon-paths';
import type { IconName } from './icons';

/** An antd icon (1em, currentColor, as antd's <Icon> draws it), inline SVG from icon-paths.ts. */
export function Icon({ name, spin = false }: { name: IconName; spin?: boolean }) {
  const { viewBox, fillRule, paths } = ICON_PATHS[name];
  return (
    <svg
      className={`auth-icon${spin ? ' auth-icon-spin' : ''}`}
      data-icon={name}
      viewBox={viewBox}
      fillRule={fillRule}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
