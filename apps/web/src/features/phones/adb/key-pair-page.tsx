import { useEffect, useState } from 'react';
import { Button, Card, Dropdown, Flex, theme, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownOutlined, EditOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import type { KeyPair, KeyPairCreated } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { RecordListEmpty } from '../../../components/list-empty';
import { NarrowCards } from '../../../components/narrow-cards';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { LazyTable } from '../../../components/lazy-table';
import { formatDateTime } from '../../../lib/format-time';
import { useIntentKeys } from '../../../lib/idempotency';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { usePageQuery } from '../../../lib/use-page-query';
import { useDeleteKeyPair, useKeyPairs, type KeyPairPhoneAction } from '../api/key-pairs';
import { RowAction } from '../../../components/row-action';
import { useConfirmDelete } from '../components/use-confirm-delete';

const CreateKeyPairDialog = lazyPart(() => import('./create-key-pair-dialog'), 'CreateKeyPairDialog');
const PrivateKeyDialog = lazyPart(() => import('./private-key-dialog'), 'PrivateKeyDialog');
const RenameKeyPairDialog = lazyPart(() => import('./rename-key-pair-dialog'), 'RenameKeyPairDialog');
const KeyPairPhonesDialog = lazyPart(() => import('./key-pair-phones-dialog'), 'KeyPairPhonesDialog');

interface RowActions {
  phones: (pair: KeyPair, action: KeyPairPhoneAction) => void;
  rename: (pair: KeyPair) => void;
  remove: (pair: KeyPair) => void;
}

function KeyPairActions({ pair, actions }: { pair: KeyPair; actions: RowActions }) {
  const { t } = useTranslation('phoneKeys');
  return (
    <Flex gap="middle" wrap>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'attach', label: <span data-testid="key-attach">{t('phones.attach')}</span> },
            {
              key: 'detach',
              label: <span data-testid="key-detach">{t('phones.detach')}</span>,
              disabled: pair.phone_count === 0,
            },
          ],
          onClick: ({ key }) => actions.phones(pair, key as KeyPairPhoneAction),
        }}
      >
        <Button
          type="link"
          size="small"
          icon={<LinkOutlined />}
          style={{ paddingInline: 0 }}
          data-testid="key-phones"
        >
          {t('action.phones')} <DownOutlined />
        </Button>
      </Dropdown>
      <RowAction
        icon={<EditOutlined />}
        label={t('action.rename')}
        onClick={() => actions.rename(pair)}
        testId="key-rename"
      />
      <RowAction
        icon={<DeleteOutlined />}
        label={t('action.delete')}
        onClick={() => actions.remove(pair)}
        danger
        testId="key-delete"
      />
    </Flex>
  );
}

function KeyPairName({ pair }: { pair: KeyPair }) {
  return (
    <span style={{ wordBreak: 'break-word' }} data-testid="key-name">
      {pair.name}
    </span>
  );
}

function KeyPairPhoneCount({ pair }: { pair: KeyPair }) {
  const { t } = useTranslation('phoneKeys');
  return <span data-testid="key-phone-count">{t('phoneCount', { count: pair.phone_count })}</span>;
}

/** Phones: the id and fingerprint under the name, the actions under them. */
function KeyPairCards({ pairs, actions }: { pairs: KeyPair[]; actions: RowActions }) {
  const { t } = useTranslation('phoneKeys');
  const { token } = theme.useToken();
  return (
    <NarrowCards
      items={pairs}
      keyOf={(pair) => pair.key_pair_id}
      title={(pair) => <KeyPairName pair={pair} />}
      aside={(pair) => <KeyPairPhoneCount pair={pair} />}
      details={(pair) => (
        <Flex vertical gap={2} style={{ color: token.colorTextSecondary }}>
          <span>{pair.key_pair_id}</span>
          <CopyableCode value={pair.fingerprint} copyLabel={t('action.copyFingerprint')} />
        </Flex>
      )}
      actions={(pair) => <KeyPairActions pair={pair} actions={actions} />}
      testId="key-pairs-cards"
      cardTestId="key-pairs-card"
    />
  );
}

function useColumns(actions: RowActions): TableColumnsType<KeyPair> {
  const { t } = useTranslation('phoneKeys');
  const { token } = theme.useToken();
  return [
    {
      key: 'name',
      title: t('column.name'),
      render: (_, pair) => (
        <Flex vertical gap={2}>
          <KeyPairName pair={pair} />
          <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
            {pair.key_pair_id}
          </span>
        </Flex>
      ),
    },
    {
      key: 'fingerprint',
      title: t('column.fingerprint'),
      render: (_, pair) => <CopyableCode value={pair.fingerprint} copyLabel={t('action.copyFingerprint')} />,
    },
    {
      key: 'phones',
      title: t('column.phones'),
      align: 'right',
      render: (_, pair) => <KeyPairPhoneCount pair={pair} />,
    },
    {
      key: 'createdAt',
      title: t('column.createdAt'),
      responsive: ['lg'],
      render: (_, pair) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(pair.created_at)}</span>,
    },
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, pair) => <KeyPairActions pair={pair} actions={actions} />,
    },
  ];
}

function hasPrivateKey(pair: KeyPairCreated | undefined): pair is KeyPairCreated & { private_key: string } {
  return Boolean(pair?.private_key);
}

/**
 * The ADB key pair page (spec §3 ADB key pair, §7 ADB): the caller's key pairs, paged; generate one
 * (its private key shown once) or import a public key, rename, delete, attach to and detach from
 * phones.
 */
export function KeyPairPage() {
  const { t } = useTranslation('phoneKeys');
  const { page, limit, setPage } = usePageQuery();
  const pairs = useKeyPairs({ page, limit });
  const intents = useIntentKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<KeyPairCreated>();
  const [renaming, setRenaming] = useState<KeyPair>();
  const [onPhones, setOnPhones] = useState<{ pair: KeyPair; action: KeyPairPhoneAction }>();
  usePrefetchWhenIdle(PrivateKeyDialog, KeyPairPhonesDialog);
  const remove = useDeleteKeyPair();
  // The server refuses (409, shown translated) while a phone has the key.
  const confirmDelete = useConfirmDelete(
    'phoneKeys',
    (pair: KeyPair) => ({ name: pair.name, phones: pair.phone_count }),
    (pair) => remove.mutateAsync(pair.key_pair_id),
  );
  const rowActions: RowActions = {
    phones: (pair, action) => setOnPhones({ pair, action }),
    rename: setRenaming,
    remove: confirmDelete,
  };
  const columns = useColumns(rowActions);
  const narrow = useIsMobile();
  const list = pairs.data?.list ?? [];
  const total = pairs.data?.total ?? 0;
  // A page past the end (its last pair deleted, a stale link) steps back to the last one with rows.
  const pastTheEnd = pairs.isSuccess && !pairs.isPlaceholderData && total > 0 && (page - 1) * limit >= total;
  useEffect(() => {
    if (pastTheEnd) setPage(Math.ceil(total / limit));
  }, [pastTheEnd, total, limit, setPage]);
  const steppingBack = total > 0 && list.length === 0;

  // The list has no filters: 'nothing matches' never shows.
  const emptyTexts = {
    loadFailed: t('page.loadFailed'),
    retry: t('page.retry'),
    emptyFiltered: t('page.empty'),
    empty: t('page.empty'),
    emptyHint: t('page.emptyHint'),
  };
  const createButton = (testId: string) => (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid={testId}>
      {t('page.create')}
    </Button>
  );

  return (
    <Flex vertical gap="large" data-testid="page-key-pairs">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} extra={createButton('key-create')} />
      <Card>
        {narrow && list.length ? (
          <KeyPairCards pairs={list} actions={rowActions} />
        ) : (
          <LazyTable<KeyPair>
            rowKey="key_pair_id"
            columns={columns}
            dataSource={list}
            loading={pairs.isPending || (pairs.isFetching && pairs.isPlaceholderData) || steppingBack}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: steppingBack ? null : (
                <RecordListEmpty
                  failed={pairs.isError}
                  filtered={false}
                  onRetry={() => void pairs.refetch()}
                  testIdPrefix="key-pairs"
                  texts={emptyTexts}
                >
                  {createButton('key-create-first')}
                </RecordListEmpty>
              ),
            }}
            data-testid="key-pairs-table"
          />
        )}
        <Pagination total={total} page={page} limit={limit} onChange={setPage} hidden={!total} />
      </Card>
      <CreateKeyPairDialog
        when={creating}
        open={creating}
        intents={intents}
        onClose={() => setCreating(false)}
        onCreated={(pair) => {
          setCreating(false);
          setCreated(pair);
        }}
        fallback={<LoadingDialog open={creating} onCancel={() => setCreating(false)} />}
      />
      {hasPrivateKey(created) ? (
        <PrivateKeyDialog
          pair={created}
          // Forgotten once closed: the page keeps no copy of the private key.
          onClose={() => setCreated(undefined)}
          fallback={<LoadingDialog open onCancel={() => undefined} />}
        />
      ) : null}
      <RenameKeyPairDialog
        when={renaming !== undefined}
        pair={renaming}
        onClose={() => setRenaming(undefined)}
        fallback={<LoadingDialog open={renaming !== undefined} onCancel={() => setRenaming(undefined)} />}
      />
      {onPhones ? (
        <KeyPairPhonesDialog
          key={`${onPhones.pair.key_pair_id}:${onPhones.action}`}
          pair={onPhones.pair}
          action={onPhones.action}
          onClose={() => setOnPhones(undefined)}
          fallback={<LoadingDialog open onCancel={() => setOnPhones(undefined)} />}
        />
      ) : null}
    </Flex>
  );
}
