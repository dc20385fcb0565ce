import { useState } from 'react';
import { App, Button, Card, Col, Flex, Row, Skeleton, Tag, Tooltip, theme } from 'antd';
import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  HistoryOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { PhoneApp } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordListEmpty, recordListTexts } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { LoadingDialog, lazyPart } from '../../../lib/lazy-part';
import { formatBytes } from '../../../lib/traffic-units';
import { usePageQuery } from '../../../lib/use-page-query';
import { APPS_PATH, useAppVersions, useDeleteApp, usePhoneApps, useRefetchApps } from './api/phone-apps';
import { AppIcon } from './app-icon';
import type { AppSource } from './app-filters';
import { PHONE_TASK_PATH } from '../paths';
import type { AppTaskMode } from './app-task-dialog';

const UploadApkDialog = lazyPart(() => import('./upload-apk-dialog'), 'UploadApkDialog');
const AppTaskDialog = lazyPart(() => import('./app-task-dialog'), 'AppTaskDialog');
const AppFilters = lazyPart(() => import('./app-filters'), 'AppFilters');
const AppVersionsDrawer = lazyPart(() => import('./app-versions-drawer'), 'AppVersionsDrawer');

const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

interface CardActions {
  task: (app: PhoneApp, mode: AppTaskMode) => void;
  versions: (app: PhoneApp) => void;
  remove: (app: PhoneApp) => void;
}

function AppCard({ app, actions }: { app: PhoneApp; actions: CardActions }) {
  const { t } = useTranslation('phoneApps');
  const { token } = theme.useToken();
  const act = (key: string, icon: React.ReactNode, label: string, onClick: () => void, danger = false) => (
    <Button
      key={key}
      type="text"
      size="small"
      icon={icon}
      danger={danger}
      onClick={onClick}
      data-testid={`app-${key}`}
    >
      {label}
    </Button>
  );
  return (
    <Card
      size="small"
      data-testid="app-card"
      data-package={app.package_name}
      style={{ height: '100%' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }}
    >
      <Flex gap="middle" align="flex-start">
        <AppIcon app={app} />
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <span
            title={app.name}
            style={{ ...ELLIPSIS, fontWeight: token.fontWeightStrong }}
            data-testid="app-name"
          >
            {app.name}
          </span>
          <span
            title={app.package_name}
            style={{ ...ELLIPSIS, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}
          >
            {app.package_name}
          </span>
          <Flex gap={4} wrap style={{ marginTop: 4 }}>
            <Tag bordered={false} color="blue">
              {t('card.version', { version: app.version })}
            </Tag>
            <Tag bordered={false}>{formatBytes(app.apk_size)}</Tag>
            {app.category_name ? <Tag bordered={false}>{app.category_name}</Tag> : null}
            {app.own ? (
              <Tag bordered={false} color="green">
                {t('card.own')}
              </Tag>
            ) : null}
          </Flex>
        </Flex>
      </Flex>
      <Flex
        gap={4}
        wrap
        style={{ marginTop: 'auto', borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 8 }}
      >
        <Button
          type="primary"
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => actions.task(app, 'install')}
          data-testid="app-install"
        >
          {t('action.install')}
        </Button>
        {act('uninstall', <UploadOutlined />, t('action.uninstall'), () => actions.task(app, 'uninstall'))}
        <Tooltip title={t('card.versions', { count: app.version_count })}>
          {act('versions', <HistoryOutlined />, t('action.versions'), () => actions.versions(app))}
        </Tooltip>
        {app.own
          ? act('delete', <DeleteOutlined />, t('action.delete'), () => actions.remove(app), true)
          : null}
      </Flex>
    </Card>
  );
}

/**
 * The app centre (spec §2 "phone application", §3 Application): the operators' catalogue and the
 * customer's own uploads as cards with their icons, filtered by source, category and name, paged;
 * upload an APK, see versions, install on chosen phones or uninstall, each phone a task.
 */
export function PhoneAppPage() {
  const { t } = useTranslation('phoneApps');
  const { page, limit, setPage, resetPage } = usePageQuery();
  const [source, setSource] = useState<AppSource>('all');
  const [categoryId, setCategoryId] = useState<number>();
  const [name, setName] = useState('');
  const apps = usePhoneApps({
    page,
    limit,
    name,
    categoryId,
    ...(source !== 'all' ? { source } : {}),
  });
  const refetch = useRefetchApps();
  const remove = useDeleteApp();
  const [uploading, setUploading] = useState(false);
  const [task, setTask] = useState<{ app: PhoneApp; mode: AppTaskMode; versionId?: number }>();
  const [versionsOf, setVersionsOf] = useState<PhoneApp>();
  const versions = useAppVersions(versionsOf?.id);
  const list = apps.data?.list ?? [];
  const total = apps.data?.total ?? 0;
  const filtered = source !== 'all' || categoryId !== undefined || name !== '';
  const { modal, message } = App.useApp();

  const actions: CardActions = {
    task: (app, mode) => setTask({ app, mode }),
    versions: setVersionsOf,
    remove: (app) =>
      modal.confirm({
        title: t('delete.title', { name: app.name }),
        content: t('delete.content'),
        okText: t('delete.confirm'),
        cancelText: t('dialog.cancel'),
        okButtonProps: { danger: true },
        onOk: () =>
          remove
            .mutateAsync(app.id)
            .then(() => void message.success(t('delete.done')))
            .catch(() => undefined),
      }),
  };
  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      resetPage();
    };
  const uploadButton = (testId: string) => (
    <Button
      type="primary"
      icon={<CloudUploadOutlined />}
      onClick={() => setUploading(true)}
      data-testid={testId}
    >
      {t('page.upload')}
    </Button>
  );

  return (
    <Flex vertical gap="large" data-testid="page-phone-apps">
      <PageHeading
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          <Flex gap="small">
            <Link to={PHONE_TASK_PATH}>
              <Button icon={<UnorderedListOutlined />} data-testid="app-tasks-link">
                {t('page.tasks')}
              </Button>
            </Link>
            {uploadButton('app-upload')}
          </Flex>
        }
      />
      <Card>
        <div style={{ marginBottom: 16 }}>
          <AppFilters
            source={source}
            onSource={filterChanged(setSource)}
            categoryId={categoryId}
            onCategory={filterChanged(setCategoryId)}
            onName={filterChanged(setName)}
            fallback={<Skeleton.Input active block />}
          />
        </div>
        {apps.isPending ? (
          <Skeleton active avatar paragraph={{ rows: 3 }} />
        ) : list.length === 0 ? (
          <RecordListEmpty
            failed={apps.isError}
            filtered={filtered}
            onRetry={() => void apps.refetch()}
            texts={recordListTexts((key) => t(`page.${key}`))}
            testIdPrefix="apps"
          >
            {uploadButton('app-upload-first')}
          </RecordListEmpty>
        ) : (
          <Row gutter={[16, 16]} style={{ opacity: apps.isPlaceholderData ? 0.6 : 1 }} data-testid="app-grid">
            {list.map((app) => (
              <Col key={app.id} xs={24} sm={12} lg={8} xxl={6}>
                <AppCard app={app} actions={actions} />
              </Col>
            ))}
          </Row>
        )}
        <Pagination total={total} page={page} limit={limit} onChange={setPage} hidden={!total} />
      </Card>
      <UploadApkDialog
        when={uploading}
        open={uploading}
        uploadPath={APPS_PATH}
        limitPath={`${APPS_PATH}/upload_limit`}
        onClose={() => setUploading(false)}
        onUploaded={() => void refetch()}
        fallback={<LoadingDialog open={uploading} onCancel={() => setUploading(false)} />}
      />
      {task ? (
        <AppTaskDialog
          key={`${task.app.id}:${task.mode}:${task.versionId ?? ''}`}
          app={task.app}
          mode={task.mode}
          versionId={task.versionId}
          onClose={() => setTask(undefined)}
          fallback={<LoadingDialog open onCancel={() => setTask(undefined)} />}
        />
      ) : null}
      {versionsOf ? (
        <AppVersionsDrawer
          name={versionsOf.name}
          versions={versions.data}
          loading={versions.isPending}
          onClose={() => setVersionsOf(undefined)}
          onInstall={(version) => {
            setTask({ app: versionsOf, mode: 'install', versionId: version.id });
            setVersionsOf(undefined);
          }}
          fallback={null}
        />
      ) : null}
    </Flex>
  );
}
