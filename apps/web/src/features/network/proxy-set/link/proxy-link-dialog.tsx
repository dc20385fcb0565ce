/**
 * A desktop's or phone's proxy settings link (issue 19): whether one is live, a new one (shown
 * once, with copy and open), and revoking it, each destructive step confirmed. Opened from the
 * desktop and phone lists' row menus.
 */
import { useState } from 'react';
import { Alert, App, Button, Flex, Input, Skeleton, Space, Typography } from 'antd';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import type { Phone } from '@cloudbay/contracts';
import { proxySetLink } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../../components/action-dialog';
import { copyText } from '../../../../lib/copy';
import { formatDateTime } from '../../../../lib/format-time';
import { useProxyLinkChange, useProxyLinkStatus, type ProxyLinkTarget } from '../api/proxy-links';

export interface ProxyLinkDialogProps extends ProxyLinkTarget {
  /** The resource's name, as its row shows it. */
  name: string;
  open: boolean;
  onClose: () => void;
}

export function ProxyLinkDialog({ kind, resourceId, name, open, onClose }: ProxyLinkDialogProps) {
  const { t } = useTranslation('proxySet');
  const { modal, message } = App.useApp();
  const target = { kind, resourceId };
  const status = useProxyLinkStatus(target);
  const { create, revoke } = useProxyLinkChange(target);
  // The new link lives in this dialog only: the server keeps its hash, never the token.
  const [link, setLink] = useState<string>();
  const busy = create.isPending || revoke.isPending;

  const makeLink = () =>
    create
      .mutateAsync()
      .then((made) => {
        setLink(proxySetLink(window.location.origin, resourceId, made.token));
        void message.success(t('link.created'));
      })
      // A refusal has been told by the request client.
      .catch(() => undefined);

  const confirmed = (title: string, content: string, okText: string, action: () => Promise<unknown>) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'proxy-link-confirm-ok' } },
      onOk: action,
    });

  const onCreate = () =>
    status.data?.active
      ? confirmed(t('link.replaceTitle'), t('link.replaceConfirm', { name }), t('link.replace'), makeLink)
      : void makeLink();

  const onRevoke = () =>
    confirmed(t('link.revokeTitle'), t('link.revokeConfirm', { name }), t('link.revoke'), () =>
      revoke
        .mutateAsync()
        .then(() => {
          setLink(undefined);
          void message.success(t('link.revoked'));
        })
        .catch(() => undefined),
    );

  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : t('link.never'));

  return (
    <ActionDialog
      open={open}
      title={t('link.title', { name })}
      onClose={onClose}
      width={600}
      testId="proxy-link"
      footer={
        <Flex justify="space-between" wrap gap="small">
          <Button
            danger
            disabled={!status.data?.active || busy}
            loading={revoke.isPending}
            onClick={onRevoke}
            data-testid="proxy-link-revoke"
          >
            {t('link.revoke')}
          </Button>
          <Space>
            <Button onClick={onClose}>{t('action.close')}</Button>
            <Button
              type="primary"
              disabled={status.isPending || status.isError || busy}
              loading={create.isPending}
              onClick={onCreate}
              data-testid="proxy-link-create"
            >
              {status.data?.active ? t('link.replace') : t('link.create')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Typography.Text type="secondary">
        {t(kind === 'desktop' ? 'link.introDesktop' : 'link.introPhone')}
      </Typography.Text>
      {status.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : status.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('link.loadFailed')}
          action={
            <Button size="small" onClick={() => void status.refetch()}>
              {t('action.retry')}
            </Button>
          }
        />
      ) : (
        <Typography.Text data-testid="proxy-link-status">
          {status.data.active
            ? t('link.active', {
                created: when(status.data.created_at),
                used: when(status.data.last_used_at),
              })
            : t('link.none')}
        </Typography.Text>
      )}
      {link ? (
        <Flex vertical gap="small">
          <Alert type="warning" showIcon title={t('link.shownOnce')} />
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link} data-testid="proxy-link-url" aria-label={t('link.url')} />
            <Button icon={<CopyOutlined />} onClick={() => void copyText(link)}>
              {t('action.copy')}
            </Button>
            <Button icon={<ExportOutlined />} href={link} target="_blank" rel="noopener noreferrer">
              {t('action.open')}
            </Button>
          </Space.Compact>
        </Flex>
      ) : null}
    </ActionDialog>
  );
}

/** The phone list's dialog entry (`{ phones, open, onClose }`): the first phone's link. */
export function PhoneProxyLinkDialog({
  phones,
  open,
  onClose,
}: {
  phones: Phone[];
  open: boolean;
  onClose: () => void;
}) {
  const [phone] = phones;
  if (!phone) return null;
  return (
    <ProxyLinkDialog kind="phone" resourceId={phone.id} name={phone.name} open={open} onClose={onClose} />
  );
}
