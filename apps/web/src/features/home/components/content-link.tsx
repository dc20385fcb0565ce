import type { CSSProperties, ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { Link, useHref, useLinkClickHandler } from 'react-router';
import type { ContentTarget } from '../content-link';

/** A link to a console page, or to an external site in a new tab. */
export function ContentLink({
  target,
  children,
  className,
  style,
  label,
  testId,
}: {
  target: ContentTarget;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  label?: string;
  testId?: string;
}) {
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} className={className} style={style} aria-label={label} data-testid={testId}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={target.href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      style={style}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </a>
  );
}

/**
 * A button that is a link (antd renders `<a>`): a console page opens in the app (a modified click
 * still opens a new tab), an external site in a new tab.
 */
export function ContentButton({
  target,
  ...props
}: { target: ContentTarget } & Omit<ButtonProps, 'href' | 'target'>) {
  const to = target.kind === 'internal' ? target.to : '/';
  const href = useHref(to);
  const followLink = useLinkClickHandler<HTMLElement>(to);
  if (target.kind === 'external') {
    return <Button {...props} href={target.href} target="_blank" rel="noopener noreferrer" />;
  }
  return <Button {...props} href={href} onClick={followLink} />;
}
