import { useState } from 'react';
import { App, Button, Dropdown, Flex, Tag, theme, Typography, type TableColumnsType } from 'antd';
import {
  DeleteOutlined,
  DisconnectOutlined,
  DownOutlined,
  EditOutlined,
  ImportOutlined,
  LinkOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { OWN_PROXY_CHECK_STATUSES, PROXY_CHECK_FAILURES, PROXY_PROTOCOLS } from '@cloudbay/contracts/core';
import type { OwnProxy, ProxyCheckFailure } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { PageHeading } from '../../../components/page-heading';
import { RowAction } from '../../../components/row-action';
import { SearchForm } from '../../../components/search-form';
import { SearchFields } from '../../../components/search-fields';
import { formatDateTime } from '../../../lib/format-time';
import { useIntentKeys } from '../../../lib/idempotency';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListFilter } from '../../../lib/use-list-filter';
import { useCheckOwnProxy, useDeleteOwnProxy, useOwnProxies, type OwnFilter } from './api';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { ProxyList } from './proxy-list';
import { Latency, PhoneNames, useConfirmUnbind } from './proxy-parts';

// The dialogs (antd forms, radios, the import report's table) load on demand, prefetched once the
// list is idle: none of them is on the first screen.
const OwnProxyDialog = lazyPart(() => import('./own-proxy-dialogs'), 'OwnProxyDialog');
const BulkImportDialog = lazyPart(() => import('./own-proxy-dialogs'), 'BulkImportDialog');
const BindPhoneDialog = lazyPart(() => import('./bind-phone-dialog'), 'BindPhoneDialog');

type Dialog = { kind: 'edit'; proxy?: OwnProxy } | { kind: 'bulk' } | { kind: 'bind'; proxy: OwnProxy };

const endpointOf = (proxy: OwnProxy) => `${proxy.host}:${proxy.port}`;

function useFailureText() {
  const { t } = useTranslation('networkProxies');
  return (code: string | null) =>
    code && (PROXY_CHECK_FAILURES as readonly string[]).includes(code)
      ? t(`own.failure.${code as ProxyCheckFailure}`)
      : (code ?? '');
}

function CheckResult({ proxy }: { proxy: OwnProxy }) {
  const { t } = useTranslation('networkProxies');
  const failureText = useFailureText();
  if (proxy.check_status === 'failed') {
    return (
      <Flex vertical gap={2} data-testid="own-proxy-check-result">
        <Tag color="error" style={{ width: 'fit-content' }}>
          {failureText(proxy.check_error)}
        </Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(proxy.checked_at)}
        </Typography.Text>
      </Flex>
    );
  }
  if (proxy.check_status === 'unchecked') {
    return <Tag data-testid="own-proxy-check-result">{t('own.checkStatus.unchecked')}</Tag>;
  }
  return <Latency ms={proxy.latency_ms} at={proxy.checked_at} testId="own-proxy-check-result" />;
}

function useColumns(open: (dialog: Dialog) => void): TableColumnsType<OwnProxy> {
  const { t } = useTranslation('networkProxies');
  const { token } = theme.useToken();
  const { modal, message } = App.useApp();
  const check = useCheckOwnProxy();
  const remove = useDeleteOwnProxy();
  const unbind = useConfirmUnbind('own');
  const compact = useIsMobile();
  const failureText = useFailureText();
  const runCheck = (proxy: OwnProxy) =>
    check.mutate(proxy.id, {
      onSuccess: (checked) =>
        checked.check_status === 'ok'
          ? void message.success(t('own.checked.ok', { ms: checked.latency_ms ?? 0 }))
          : void message.warning(t('own.checked.failed', { reason: failureText(checked.check_error) })),
    });
  const confirmDelete = (proxy: OwnProxy) =>
    modal.confirm({
      title: t('own.delete.title', { name: endpointOf(proxy) }),
      content: proxy.bound_phones.length
        ? t('own.delete.inUse', { count: proxy.bound_phones.length })
        : t('own.delete.content'),
      okText: t('own.delete.confirm'),
      cancelText: t('dialog.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'own-proxy-delete-confirm' },
      onOk: () =>
        remove
          .mutateAsync(proxy.id)
          .then(() => void message.success(t('own.delete.done')))
          .catch(() => undefined),
    });
  return [
    {
      key: 'endpoint',
      title: t('own.column.endpoint'),
      render: (_, proxy) => (
        <Flex vertical gap={2}>
          <span data-testid="own-proxy-endpoint">
            <CopyableCode value={endpointOf(proxy)} copyLabel={t('credentials.copy')} />
          </span>
          <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{proxy.id}</span>
        </Flex>
      ),
    },
    {
      key: 'protocol',
      title: t('own.column.protocol'),
      render: (_, proxy) => <Tag>{proxy.protocol.toUpperCase()}</Tag>,
    },
    { key: 'username', title: t('own.column.username'), render: (_, proxy) => proxy.username || '—' },
    {
      key: 'remark',
      title: t('own.column.remark'),
      render: (_, proxy) => (
        <Typography.Text ellipsis style={{ maxWidth: 180 }}>
          {proxy.remark || '—'}
        </Typography.Text>
      ),
    },
    { key: 'check', title: t('own.column.check'), render: (_, proxy) => <CheckResult proxy={proxy} /> },
    {
      key: 'phones',
      title: t('own.column.phones'),
      render: (_, proxy) => <PhoneNames phones={proxy.bound_phones} />,
    },
    {
      key: 'createdAt',
      title: t('own.column.createdAt'),
      render: (_, proxy) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(proxy.created_at)}</span>,
    },
    {
      key: 'actions',
      title: t('own.column.actions'),
      // Pinned on a wide screen; on a narrow one a pinned column would cover the row.
      fixed: compact ? undefined : 'right',
      render: (_, proxy) => (
        <Flex gap="middle" wrap style={{ maxWidth: 280 }}>
          <Button
            type="link"
            size="small"
            icon={<ThunderboltOutlined />}
            loading={check.isPending && check.variables === proxy.id}
            onClick={() => runCheck(proxy)}
            style={{ paddingInline: 0 }}
            data-testid="own-proxy-check"
          >
            {t('own.action.check')}
          </Button>
          <RowAction
            icon={<LinkOutlined />}
            label={t('own.action.bind')}
            onClick={() => open({ kind: 'bind', proxy })}
            testId="own-proxy-bind"
          />
          {proxy.bound_phones.length ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: proxy.bound_phones.map((phone) => ({ key: phone.id, label: phone.name })),
                onClick: ({ key }) =>
                  unbind(
                    proxy.id,
                    proxy.bound_phones.find((phone) => phone.id === key)!,
                  ),
              }}
            >
              <Button
                type="link"
                size="small"
                icon={<DisconnectOutlined />}
                style={{ paddingInline: 0 }}
                data-testid="own-proxy-unbind"
              >
                {t('own.action.unbind')} <DownOutlined />
              </Button>
            </Dropdown>
          ) : null}
          <RowAction
            icon={<EditOutlined />}
            label={t('own.action.edit')}
            onClick={() => open({ kind: 'edit', proxy })}
            testId="own-proxy-edit"
          />
          <RowAction
            icon={<DeleteOutlined />}
            label={t('own.action.delete')}
            onClick={() => confirmDelete(proxy)}
            danger
            testId="own-proxy-delete"
          />
        </Flex>
      ),
    },
  ];
}

/**
 * /zqgl/ownProxy: the proxies the customer already has (issue 19): add one or paste many (each
 * line reported), check each for real (result and latency kept), bind to phones like a bought
 * proxy, edit, delete. Passwords never come back from the server.
 */
export function OwnProxyPage() {
  const { t } = useTranslation('networkProxies');
  const list = useListFilter<OwnFilter>();
  const proxies = useOwnProxies(list.query);
  const keys = useIntentKeys();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const columns = useColumns(setDialog);
  usePrefetchWhenIdle(OwnProxyDialog, BulkImportDialog, BindPhoneDialog);
  const loading = <LoadingDialog open onCancel={close} />;
  const addButton = (testId: string) => (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setDialog({ kind: 'edit' })}
      data-testid={testId}
    >
      {t('own.add')}
    </Button>
  );
  return (
    <Flex vertical gap="large" data-testid="page-own-proxy">
      <PageHeading
        title={t('own.title')}
        subtitle={t('own.subtitle')}
        extra={
          <Flex gap="small">
            <Button
              icon={<ImportOutlined />}
              onClick={() => setDialog({ kind: 'bulk' })}
              data-testid="own-proxy-bulk"
            >
              {t('own.bulk')}
            </Button>
            {addButton('own-proxy-add')}
          </Flex>
        }
      />
      <ProxyList<OwnProxy, OwnFilter>
        section="own"
        testIdPrefix="own-proxies"
        firstAction={addButton('own-proxy-add-first')}
        search={
          <SearchForm<OwnFilter>
            fieldWidth={200}
            testId="own-proxy-search"
            onSearch={(values) =>
              list.applyFilter({ ...values, keyword: values.keyword?.trim() || undefined })
            }
            onReset={() => list.applyFilter({})}
          >
            <SearchFields
              naming={{ label: (key) => t(`own.filter.${key}`), testId: (key) => `own-proxy-filter-${key}` }}
              fields={[
                { key: 'keyword', text: { placeholder: t('own.filter.keywordPlaceholder'), maxLength: 64 } },
                {
                  key: 'protocol',
                  options: PROXY_PROTOCOLS.map((value) => ({ value, label: value.toUpperCase() })),
                },
                {
                  key: 'checkStatus',
                  name: 'check_status',
                  options: OWN_PROXY_CHECK_STATUSES.map((value) => ({
                    value,
                    label: t(`own.checkStatus.${value}`),
                  })),
                },
              ]}
            />
          </SearchForm>
        }
        query={proxies}
        list={list}
        columns={columns}
      />
      {dialog?.kind === 'edit' ? (
        <OwnProxyDialog proxy={dialog.proxy} keys={keys} onClose={close} fallback={loading} />
      ) : null}
      {dialog?.kind === 'bulk' ? <BulkImportDialog keys={keys} onClose={close} fallback={loading} /> : null}
      {dialog?.kind === 'bind' ? (
        <BindPhoneDialog
          source="own"
          proxyId={dialog.proxy.id}
          proxyLabel={endpointOf(dialog.proxy)}
          onClose={close}
          fallback={loading}
        />
      ) : null}
    </Flex>
  );
}
