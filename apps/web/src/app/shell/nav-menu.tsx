import { useMemo, useState } from 'react';
import { App, Menu, type MenuProps } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuIcon } from './menu-icon';
import { firstPageOf, flattenMenu, type MenuEntry } from './menu';
import styles from './shell.module.css';

type MenuItems = NonNullable<MenuProps['items']>;

/** Where a click on an entry leads: its page, a new tab, the group's first page, or the warning. */
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
        void navigate(entry.key);
        return;
      case 'group': {
        const page = firstPageOf(entry);
        if (page) void navigate(page.key);
      }
    }
  };
}

interface Labels {
  title(entry: MenuEntry): string;
  notOpen: string;
}

function itemsOf(entries: readonly MenuEntry[], labels: Labels, depth = 0): MenuItems {
  return entries.map((entry) => {
    const common = {
      key: entry.key,
      icon: menuIcon(entry.icon, depth === 0),
      'data-menu-path': entry.key,
    };
    const title = labels.title(entry);
    if (entry.kind === 'group' && entry.children) {
      return { ...common, label: title, children: itemsOf(entry.children, labels, depth + 1) };
    }
    if (entry.kind === 'external') {
      return {
        ...common,
        label: (
          <span className={styles.externalLabel}>
            {title}
            <ExportOutlined aria-hidden className={styles.externalIcon} />
          </span>
        ),
      };
    }
    if (entry.kind === 'blocked') {
      return {
        ...common,
        label: <span title={labels.notOpen}>{title}</span>,
        className: styles.blocked,
        'data-blocked': true,
      };
    }
    return { ...common, label: title };
  });
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
    () => itemsOf(shown, { title: (entry) => t(entry.title), notOpen: tShell('menu.notOpen') }),
    [shown, t, tShell],
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

  const onClick: MenuProps['onClick'] = ({ key }) => {
    // Only leaves click (a group's title opens it), except in a flat menu, where a group leads to its first page.
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
