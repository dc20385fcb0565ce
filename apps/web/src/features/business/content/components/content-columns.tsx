/** Columns the content tables share: the picture, both languages' titles, order and visibility. */
import { Flex, Switch, theme, type TableColumnType } from 'antd';
import type { ContentKind } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../../lib/access';
import { fileUrl } from '../../../../lib/upload';
import { useSetEnabled } from '../api/content-api';

/** A thumbnail, a link to the full picture (antd Image's preview would weigh more than the page). */
export function imageColumn<T extends { image: string }>(title: string): TableColumnType<T> {
  return {
    key: 'image',
    title,
    width: 112,
    // A phone's width is the titles'; the picture shows in the edit dialog.
    responsive: ['md'],
    render: (_, row) =>
      row.image ? (
        <a href={fileUrl(row.image)} target="_blank" rel="noreferrer">
          <img
            src={fileUrl(row.image)}
            alt=""
            width={88}
            height={50}
            style={{ display: 'block', objectFit: 'cover', borderRadius: 4 }}
            data-testid="content-thumbnail"
          />
        </a>
      ) : (
        '—'
      ),
  };
}

function Bilingual({ zh, en }: { zh: string; en: string }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ minWidth: 160 }}>
      <span style={{ fontWeight: token.fontWeightStrong }}>{zh}</span>
      <span style={{ color: token.colorTextSecondary }}>{en}</span>
    </Flex>
  );
}

/** The Chinese text over the English one. */
export function bilingualColumn<T>(
  title: string,
  texts: (row: T) => [zh: string, en: string],
): TableColumnType<T> {
  return {
    key: 'title',
    title,
    render: (_, row) => {
      const [zh, en] = texts(row);
      return <Bilingual zh={zh} en={en} />;
    },
  };
}

export function sortColumn<T extends { sort: number }>(title: string): TableColumnType<T> {
  return { key: 'sort', title, dataIndex: 'sort', width: 72, responsive: ['lg'] };
}

/** Shown to customers or not: a switch for operators who may edit, a plain state otherwise. */
function EnabledSwitch({ kind, id, enabled }: { kind: ContentKind; id: number; enabled: boolean }) {
  const { t } = useTranslation('businessContent');
  const { hasPermiOr } = useAccess();
  const setEnabled = useSetEnabled(kind);
  return (
    <Switch
      checked={enabled}
      loading={setEnabled.isPending}
      disabled={!hasPermiOr(['business:content:edit'])}
      checkedChildren={t('shown')}
      unCheckedChildren={t('hidden')}
      onChange={(checked) => setEnabled.mutate({ id, enabled: checked })}
      data-testid={`content-enabled-${id}`}
    />
  );
}

export function enabledColumn<T extends { id: number; enabled: boolean }>(
  kind: ContentKind,
  title: string,
): TableColumnType<T> {
  return {
    key: 'enabled',
    title,
    width: 96,
    render: (_, row) => <EnabledSwitch kind={kind} id={row.id} enabled={row.enabled} />,
  };
}
