import { useState } from 'react';
import { Button, Card, Flex, theme, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { PhoneGroup } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { FirstUseEmpty, ListEmpty } from '../../../components/list-empty';
import { NarrowCards } from '../../../components/narrow-cards';
import { PageHeading } from '../../../components/page-heading';
import { LazyTable } from '../../../components/lazy-table';
import { formatDateTime } from '../../../lib/format-time';
import { useIntentKeys } from '../../../lib/idempotency';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { useDeletePhoneGroup, usePhoneGroups } from '../api/phone-groups';
import { RowAction } from '../../../components/row-action';
import { useConfirmDelete } from '../components/use-confirm-delete';

const GroupNameDialog = lazyPart(() => import('./group-name-dialog'), 'GroupNameDialog');
const MovePhonesDialog = lazyPart(() => import('./move-phones-dialog'), 'MovePhonesDialog');

/** A row of the table: a group, or the ungrouped phones (id null), which can only receive phones. */
interface GroupRow {
  key: string;
  group: PhoneGroup | null;
  count: number;
}

interface RowActions {
  move: (group: PhoneGroup | null) => void;
  rename: (group: PhoneGroup) => void;
  remove: (group: PhoneGroup) => void;
}

function GroupName({ row }: { row: GroupRow }) {
  const { t } = useTranslation('phoneGroups');
  const { token } = theme.useToken();
  return row.group ? (
    <span style={{ wordBreak: 'break-word' }}>{row.group.name}</span>
  ) : (
    <span style={{ color: token.colorTextSecondary }}>{t('ungrouped')}</span>
  );
}

function GroupCount({ row }: { row: GroupRow }) {
  const { t } = useTranslation('phoneGroups');
  return <span data-testid="group-count">{t('phoneCount', { count: row.count })}</span>;
}

/** Move phones in (or, on the ungrouped row, out of any group); rename and delete a group. */
function GroupActions({ row, actions }: { row: GroupRow; actions: RowActions }) {
  const { t } = useTranslation('phoneGroups');
  const { group } = row;
  return (
    <Flex gap="middle" wrap>
      <RowAction
        icon={<SwapOutlined />}
        label={group ? t('action.move') : t('action.moveOut')}
        onClick={() => actions.move(group)}
        testId="group-move"
      />
      {group ? (
        <>
          <RowAction
            icon={<EditOutlined />}
            label={t('action.rename')}
            onClick={() => actions.rename(group)}
            testId="group-rename"
          />
          <RowAction
            icon={<DeleteOutlined />}
            label={t('action.delete')}
            onClick={() => actions.remove(group)}
            danger
            testId="group-delete"
          />
        </>
      ) : null}
    </Flex>
  );
}

function useColumns(actions: RowActions): TableColumnsType<GroupRow> {
  const { t } = useTranslation('phoneGroups');
  return [
    { key: 'name', title: t('column.name'), render: (_, row) => <GroupName row={row} /> },
    {
      key: 'phones',
      title: t('column.phones'),
      align: 'right',
      render: (_, row) => <GroupCount row={row} />,
    },
    {
      key: 'createdAt',
      title: t('column.createdAt'),
      responsive: ['md'],
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{row.group ? formatDateTime(row.group.created_at) : '—'}</span>
      ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      render: (_, row) => <GroupActions row={row} actions={actions} />,
    },
  ];
}

/**
 * The phone group page (spec §3 Phone group): the caller's groups with their phone counts and the
 * ungrouped phones; create, rename and delete groups, and move phones between them.
 */
export function PhoneGroupPage() {
  const { t } = useTranslation('phoneGroups');
  const groups = usePhoneGroups();
  const intents = useIntentKeys();
  const [naming, setNaming] = useState<{ group?: PhoneGroup }>();
  // undefined: closed; null: moving phones out of any group.
  const [moving, setMoving] = useState<PhoneGroup | null>();
  usePrefetchWhenIdle(MovePhonesDialog);
  const remove = useDeletePhoneGroup();
  // Its phones fall back to ungrouped, which the confirmation says.
  const confirmDelete = useConfirmDelete(
    'phoneGroups',
    (group: PhoneGroup) => ({ name: group.name, phones: group.phone_count }),
    (group) => remove.mutateAsync(group.id),
  );
  const rowActions: RowActions = {
    move: setMoving,
    rename: (group) => setNaming({ group }),
    remove: confirmDelete,
  };
  const columns = useColumns(rowActions);
  const narrow = useIsMobile();

  const list = groups.data?.list ?? [];
  const rows: GroupRow[] = groups.data
    ? [
        ...list.map((group) => ({ key: String(group.id), group, count: group.phone_count })),
        { key: 'ungrouped', group: null, count: groups.data.ungrouped_count },
      ]
    : [];
  const createButton = (testId: string) => (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setNaming({})} data-testid={testId}>
      {t('page.create')}
    </Button>
  );

  return (
    <Flex vertical gap="large" data-testid="page-phone-groups">
      <PageHeading
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={createButton('group-create')}
      />
      <Card>
        {groups.isSuccess && list.length === 0 ? (
          <FirstUseEmpty
            title={t('page.empty')}
            hint={
              groups.data.ungrouped_count
                ? t('page.emptyHintUngrouped', { count: groups.data.ungrouped_count })
                : t('page.emptyHint')
            }
            testId="groups-empty"
          >
            {createButton('group-create-first')}
          </FirstUseEmpty>
        ) : narrow && rows.length ? (
          <NarrowCards
            items={rows}
            keyOf={(row) => row.key}
            title={(row) => <GroupName row={row} />}
            aside={(row) => <GroupCount row={row} />}
            actions={(row) => <GroupActions row={row} actions={rowActions} />}
            testId="groups-cards"
            cardTestId="groups-card"
          />
        ) : (
          <LazyTable<GroupRow>
            rowKey="key"
            columns={columns}
            dataSource={rows}
            loading={groups.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: groups.isError ? (
                <ListEmpty description={t('page.loadFailed')} testId="groups-error">
                  <Button onClick={() => void groups.refetch()}>{t('page.retry')}</Button>
                </ListEmpty>
              ) : null,
            }}
            data-testid="groups-table"
          />
        )}
      </Card>
      <GroupNameDialog
        when={naming !== undefined}
        open={naming !== undefined}
        group={naming?.group}
        intents={intents}
        onClose={() => setNaming(undefined)}
        fallback={<LoadingDialog open={naming !== undefined} onCancel={() => setNaming(undefined)} />}
      />
      {moving !== undefined ? (
        <MovePhonesDialog
          target={moving ?? undefined}
          groups={list}
          onClose={() => setMoving(undefined)}
          fallback={<LoadingDialog open onCancel={() => setMoving(undefined)} />}
        />
      ) : null}
    </Flex>
  );
}
