import { useMemo, useState, type ReactNode } from 'react';
import { App, Menu, type MenuProps } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuIcon } from './menu-icon';
import { entryHref, firstPageOf, flattenMenu, type MenuEntry } from './menu';
import styles from './shell.module.css';

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * What activating an entry without its link does (the keyboard's Enter on a menu item, a click
 * beside the label): its page, a new tab, the group's first page, or the warning of a blocked one.
 */
export function useMenuActions() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const navigate = useNavigate();

  return (entry: MenuEntry) => {
    switch (entry.kind) {
      case 'blocked':
        void message.warning(t('menu.notOpen'));
        return;
      case 'external':
        window.open(entry.link, '_blank', 'noopener,noreferrer');
        return;
      case 'page':
        void navigate(entryHref(entry));
        return;
      case 'group': {
        const page = firstPageOf(entry);
        if (page) void navigate(entryHref(page));
      }
    }
  };
}

interface Labels {
  title(entry: MenuEntry): string;
  notOpen: string;
  /** Where a group shown without its children (the mixed header) leads: its first page. */
  groupPage(entry: MenuEntry): string | undefined;
}

/**
 * The label of an entry: a real link (react-router's Link, or an anchor to a new tab for external
 * entries), so Ctrl-, Shift- and middle-click and 'open in new tab' work as on any link; a plain
 * click is the Link's in-app navigation. Blocked entries are not links: they only warn.
 */
function labelOf(entry: MenuEntry, title: string, labels: Labels): ReactNode {
  switch (entry.kind) {
    case 'external':
      return (
        <a href={entry.link} target="_blank" rel="noopener noreferrer" className={styles.externalLabel}>
          {title}
          <ExportOutlined aria-hidden className={styles.externalIcon} />
        </a>
      );
    case 'blocked':
      return <span title={labels.notOpen}>{title}</span>;
    case 'page':
      return <Link to={entryHref(entry)}>{title}</Link>;
    case 'group': {
      const page = entry.children ? undefined : labels.groupPage(entry);
      return page ? <Link to={page}>{title}</Link> : title;
    }
  }
}

function itemsOf(entries: readonly MenuEntry[], labels: Labels, depth = 0): MenuItems {
  return entries.map((entry) => {
    const common = {
      key: entry.key,
      icon: menuIcon(entry.icon, depth === 0),
      'data-menu-path': entry.key,
      label: labelOf(entry, labels.title(entry), labels),
    };
    if (entry.kind === 'group' && entry.children) {
      return { ...common, children: itemsOf(entry.children, labels, depth + 1) };
    }
    if (entry.kind === 'blocked') {
      return { ...common, className: styles.blocked, 'data-blocked': true };
    }
    return common;
  });
}

/** Whether a click landed on an entry's link, which has done what the click asked for. */
function isLinkClick(event: { target: EventTarget | null }): boolean {
  return event.target instanceof Element && event.target.closest('a[href]') !== null;
}

export interface NavMenuProps {
  entries: readonly MenuEntry[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  /** The entry of the page on screen. */
  selectedKey: string | undefined;
  /** The groups above it, opened when it changes. */
  trailKeys: readonly string[];
  /** Inline menu shown as icons only. */
  collapsed?: boolean;
  /** Leaf entries only: groups open on click like pages (the header of the mixed layout). */
  flat?: boolean;
  className?: string;
}

/** An antd menu of the shell's entries; clicks go through `useMenuActions`. */
export function NavMenu({
  entries,
  mode,
  theme,
  selectedKey,
  trailKeys,
  collapsed = false,
  flat = false,
  className,
}: NavMenuProps) {
  const { t } = useTranslation();
  const { t: tShell } = useTranslation('shell');
  const open = useMenuActions();
  const shown = useMemo(
    () => (flat ? entries.map(({ children: _children, ...entry }) => entry) : entries),
    [entries, flat],
  );
  const byKey = useMemo(() => new Map(flattenMenu(entries).map((entry) => [entry.key, entry])), [entries]);
  const items = useMemo(
    () =>
      itemsOf(shown, {
        title: (entry) => t(entry.title),
        notOpen: tShell('menu.notOpen'),
        groupPage: (entry) => {
          const group = byKey.get(entry.key);
          const page = group ? firstPageOf(group) : undefined;
          return page ? entryHref(page) : undefined;
        },
      }),
    [shown, byKey, t, tShell],
  );

  // The groups above the page on screen open when it changes (state following the route, set
  // while rendering); the user may open and close others meanwhile.
  const trail = trailKeys.join('\n');
  const [openKeys, setOpenKeys] = useState<string[]>(() => [...trailKeys]);
  const [openedFor, setOpenedFor] = useState(trail);
  if (openedFor !== trail) {
    setOpenedFor(trail);
    setOpenKeys((current) => [...new Set([...current, ...trailKeys])]);
  }

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    // Only leaves click (a group's title opens it), except in a flat menu, where a group leads to its
    // first page. A click on the entry's link was the link's to handle (in-app, or a new tab).
    if (isLinkClick(domEvent)) return;
    const entry = byKey.get(key);
    if (entry) open(entry);
  };

  return (
    <Menu
      className={className}
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      // A collapsed inline menu shows groups as pop-ups: antd must manage which are open then.
      {...(mode === 'inline' ? { inlineCollapsed: collapsed } : {})}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={onClick}
      aria-label={tShell('menu.label')}
      data-testid={`nav-menu-${mode}`}
    />
  );
}
