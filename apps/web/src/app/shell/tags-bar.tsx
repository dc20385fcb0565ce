import { useEffect, useRef, type ReactNode, type WheelEvent } from 'react';
import { Button, Dropdown, Tag, type MenuProps } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
  MinusCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canRunTagCommand, TAG_COMMANDS, type TagCommand, type ViewTag } from './view-tags';
import { useViewTags } from './view-tags-context';
import styles from './shell.module.css';

const COMMAND_ICONS: Record<TagCommand, ReactNode> = {
  refresh: <ReloadOutlined />,
  close: <CloseOutlined />,
  closeOthers: <CloseCircleOutlined />,
  closeLeft: <ArrowLeftOutlined />,
  closeRight: <ArrowRightOutlined />,
  closeAll: <MinusCircleOutlined />,
};

function useCommandMenu(): (path: string) => MenuProps {
  const { t } = useTranslation('shell');
  const { tags, run } = useViewTags();
  return (path) => ({
    items: TAG_COMMANDS.map((command) => ({
      key: command,
      icon: COMMAND_ICONS[command],
      label: t(`tags.commands.${command}`),
      disabled: !canRunTagCommand(tags, command, path),
      'data-testid': `tag-command-${command}`,
    })),
    onClick: ({ key }) => run(key as TagCommand, path),
  });
}

function ViewTagItem({ tag, active, menu }: { tag: ViewTag; active: boolean; menu: MenuProps }) {
  const { t } = useTranslation();
  const { t: tShell } = useTranslation('shell');
  const { run } = useViewTags();
  const title = t(tag.title);
  return (
    <Dropdown menu={menu} trigger={['contextMenu']}>
      <Tag
        className={styles.tag}
        data-active={active || undefined}
        data-testid={`view-tag:${tag.path}`}
        closable={!tag.affix}
        closeIcon={<CloseOutlined aria-label={tShell('tags.close', { title })} />}
        onClose={(event) => {
          // The list is ours: the tag goes when its state does, not by antd hiding it.
          event.preventDefault();
          run('close', tag.path);
        }}
      >
        <Link to={tag.fullPath} className={styles.tagLink} aria-current={active ? 'page' : undefined}>
          {title}
        </Link>
      </Tag>
    </Dropdown>
  );
}

/**
 * The tags bar (spec §2): one tag per visited view, home affixed first. A click goes back to the
 * view as it was; right-click (or the button at the end, for touch screens) offers refresh and
 * the close commands.
 */
export function TagsBar() {
  const { t } = useTranslation('shell');
  const { tags, activePath } = useViewTags();
  const commandMenu = useCommandMenu();
  const scroller = useRef<HTMLDivElement>(null);

  // The tag on screen is always in view, however many tags are open. In the next frame: scrolling
  // needs the layout, which then is the frame's own; right after the frame's first render it forced
  // the whole console's layout on its own (the costliest call of the first load at 4× CPU).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const active = scroller.current?.querySelector('[data-active="true"]');
      active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [activePath, tags.length]);

  // A mouse wheel scrolls the row sideways.
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (event.deltaY !== 0 && scroller.current) scroller.current.scrollLeft += event.deltaY;
  };

  return (
    <nav className={styles.tagsBar} aria-label={t('tags.label')} data-testid="tags-bar">
      <div className={styles.tagsScroll} ref={scroller} onWheel={onWheel}>
        {tags.map((tag) => (
          <ViewTagItem
            key={tag.path}
            tag={tag}
            active={tag.path === activePath}
            menu={commandMenu(tag.path)}
          />
        ))}
      </div>
      <Dropdown menu={commandMenu(activePath)} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          size="small"
          icon={<DownOutlined />}
          aria-label={t('tags.more')}
          className={styles.tagsMore}
          data-testid="tags-more"
        />
      </Dropdown>
    </nav>
  );
}
