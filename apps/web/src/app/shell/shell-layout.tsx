import { Suspense, lazy, useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Layout } from 'antd';
import { useLocation } from 'react-router';
import { isAvailablePath } from '../../lib/available-routes';
import { updateLayoutSettings, useLayoutSettings, type NavType } from '../../lib/layout-settings';
import { useCurrentUser } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useSessionMenu } from '../access-control';
import { useRouteMeta } from '../route-meta';
import { HEADER_HEIGHT, TAGS_BAR_HEIGHT } from '../theme';
import { Breadcrumbs } from './breadcrumbs';
import { buildMenu, menuTrail, type MenuEntry } from './menu';
import { NavMenu } from './nav-menu';
import { Navbar } from './navbar';
import { ShellLogo } from './shell-logo';
import { Sidebar } from './sidebar';
import { TagsBar } from './tags-bar';
import { ViewHost } from './view-host';
import { ViewTagsProvider, useViewTagsState } from './view-tags-context';
import { LoadingOverlay, lazyPart } from '../../lib/lazy-part';
import { SupportWidget } from '../../components/support-widget';
import { SysNotices } from '../../features/notices/components/sys-notices';
import { useSupportView } from '../../features/business/support-view/support-view-store';
import { getIsSon } from '../../lib/storage';
import styles from './shell.module.css';

// The settings drawer (its ColorPicker above all) loads when first opened: every console page
// would otherwise download it with the shell.
const SettingsDrawer = lazy(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

// The support view's banner loads only in an operator's read-only support session, the
// sub-account banner (issue 21) only in a sub-account's console.
const SessionBanner = lazyPart(() => import('./session-banner'), 'SessionBanner');

// The phone menu's drawer loads on phones only.
const MobileMenuDrawer = lazyPart(() => import('./mobile-menu-drawer'), 'MobileMenuDrawer');

/** The session's menu as the shell offers it; /phone follows the cached user's whitelist flag. */
function useShellMenu(): MenuEntry[] {
  const nodes = useSessionMenu();
  const { data: user } = useCurrentUser();
  const phoneAllowed = user?.ph_white_user === 1;
  return useMemo(
    () => buildMenu(nodes, { isAvailable: isAvailablePath, phoneAllowed }),
    [nodes, phoneAllowed],
  );
}

/** The phone menu drawer: open from the header's button, closed by any navigation. */
function useMenuDrawer(pathname: string) {
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  return [open, setOpen] as const;
}

/**
 * The console shell (spec §2 Layout) around every signed-in page: the sidebar or top menu (by the
 * settings' navigation type), the header with breadcrumb and actions, the tags bar, and the views,
 * kept alive while their tags are open. Below 992 px the sidebar is a drawer.
 */
export function ShellLayout() {
  const settings = useLayoutSettings();
  const isMobile = useIsMobile();
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const viewTags = useViewTagsState(meta, settings.tagsView && settings.tagsViewPersist);
  const menu = useShellMenu();
  const trail = useMemo(() => menuTrail(menu, pathname), [menu, pathname]);
  const [drawerOpen, setDrawerOpen] = useMenuDrawer(pathname);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from the first opening on, so the drawer can animate its closing.
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const supportView = useSupportView();

  const navType: NavType = isMobile ? 'left' : settings.navType;
  const collapsed = settings.sidebarCollapsed;
  // Stable, with trailKeys, for the memoised Sidebar.
  const setCollapsed = useCallback((value: boolean) => updateLayoutSettings({ sidebarCollapsed: value }), []);
  const selectedKey = trail.at(-1)?.key;
  const trailKeys = useMemo(() => trail.slice(0, -1).map((entry) => entry.key), [trail]);
  // Mixed: the header holds the top level, the sidebar what is under the one on screen.
  const mixedSide = trail[0]?.kind === 'group' ? (trail[0].children ?? []) : [];

  const tagsBar = settings.tagsView ? <TagsBar /> : null;
  const openSettings = () => {
    setSettingsLoaded(true);
    setSettingsOpen(true);
  };
  const content = (
    <Layout.Content className={styles.content}>
      <ViewHost keepAlive={settings.tagsView} meta={meta} />
    </Layout.Content>
  );

  let header: ReactNode;
  if (isMobile) {
    header = (
      <Navbar onOpenDrawer={() => setDrawerOpen(true)} onOpenSettings={openSettings}>
        <ShellLogo dark={false} />
      </Navbar>
    );
  } else if (navType === 'left') {
    header = (
      <Navbar
        collapse={{ collapsed, onToggle: () => setCollapsed(!collapsed) }}
        onOpenSettings={openSettings}
      >
        <Breadcrumbs meta={meta} />
      </Navbar>
    );
  } else {
    header = (
      <Navbar onOpenSettings={openSettings}>
        <ShellLogo dark={false} />
        <NavMenu
          className={styles.topMenu}
          entries={menu}
          mode="horizontal"
          theme="light"
          selectedKey={navType === 'mixed' ? trail[0]?.key : selectedKey}
          trailKeys={[]}
          flat={navType === 'mixed'}
        />
      </Navbar>
    );
  }

  const sidebar =
    !isMobile && navType === 'left' ? (
      <Sidebar
        entries={menu}
        selectedKey={selectedKey}
        trailKeys={trailKeys}
        theme={settings.sideTheme}
        collapsed={collapsed}
        showLogo={settings.sidebarLogo}
      />
    ) : !isMobile && navType === 'mixed' && mixedSide.length > 0 ? (
      <Sidebar
        entries={mixedSide}
        selectedKey={selectedKey}
        trailKeys={trailKeys}
        theme={settings.sideTheme}
        collapsed={collapsed}
        showLogo={false}
        onCollapse={setCollapsed}
      />
    ) : null;

  const fixed = settings.fixedHeader;
  const chromeHeight = HEADER_HEIGHT + (settings.tagsView ? TAGS_BAR_HEIGHT : 0);
  const shellStyle = { '--shell-chrome-height': `${chromeHeight}px` } as CSSProperties;

  const body =
    navType === 'mixed' ? (
      <Layout className={styles.shell} style={shellStyle}>
        <div className={fixed ? styles.fixedTop : undefined}>{header}</div>
        <Layout hasSider className={styles.below} data-fixed={fixed || undefined}>
          {sidebar}
          <Layout className={styles.main}>
            {tagsBar ? <div className={fixed ? styles.fixedTags : undefined}>{tagsBar}</div> : null}
            {content}
          </Layout>
        </Layout>
      </Layout>
    ) : (
      <Layout hasSider={sidebar !== null} className={styles.shell} style={shellStyle}>
        {sidebar}
        <Layout className={styles.main}>
          <div className={fixed ? styles.fixedTop : undefined}>
            {header}
            {tagsBar}
          </div>
          {content}
        </Layout>
      </Layout>
    );

  return (
    <ViewTagsProvider value={viewTags}>
      <div data-testid="shell" data-nav-type={navType} data-mobile={isMobile || undefined}>
        {supportView || getIsSon() ? <SessionBanner support={supportView !== null} /> : null}
        {body}
      </div>
      {isMobile ? (
        <MobileMenuDrawer
          when={drawerOpen}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          entries={menu}
          selectedKey={selectedKey}
          trailKeys={trailKeys}
          theme={settings.sideTheme}
          fallback={drawerOpen ? <LoadingOverlay /> : null}
        />
      ) : null}
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
      <SysNotices />
      <SupportWidget />
    </ViewTagsProvider>
  );
}
