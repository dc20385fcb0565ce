import { useState } from 'react';
import {
  App,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Switch,
  Table,
  Tabs,
  type TableColumnsType,
} from 'antd';
import {
  CloudUploadOutlined,
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { AppCategory, AppDisplayStatus, PhoneApp } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { LazyInputSearch } from '../../../../components/lazy-input-search';
import { Pagination } from '../../../../components/pagination';
import { RowAction } from '../../../../components/row-action';
import { formatDateTime } from '../../../../lib/format-time';
import { useIntentKeys } from '../../../../lib/idempotency';
import { formatBytes } from '../../../../lib/traffic-units';
import { usePageQuery } from '../../../../lib/use-page-query';
import { AppIcon } from '../../../phones/apps/app-icon';
import { AppVersionsDrawer } from '../../../phones/apps/app-versions-drawer';
import { UploadApkDialog } from '../../../phones/apps/upload-apk-dialog';
import {
  BUSINESS_APP_PATH,
  useBusinessAppCategories,
  useBusinessApps,
  useBusinessAppVersions,
  useDeleteAppCategory,
  useDeleteBusinessApp,
  useDeleteBusinessAppVersion,
  useRefetchBusinessApps,
  useSaveAppCategory,
  useUpdateBusinessApp,
} from '../api/business-apps';

const ADD = 'business:app:add';
const EDIT = 'business:app:edit';
const REMOVE = 'business:app:remove';

/** Asks before a delete; the request client shows a refusal (409 for a category in use). */
function useConfirm() {
  const { t } = useTranslation('phoneAppsAdmin');
  const { modal, message } = App.useApp();
  return (title: string, content: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title,
      content,
      okText: t('action.delete'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        run()
          .then(() => void message.success(t('deleted')))
          .catch(() => undefined),
    });
}

/** A row's delete, for operators holding business:app:remove. */
function DeleteAction({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('phoneAppsAdmin');
  return (
    <HasPermi value={[REMOVE]}>
      <RowAction icon={<DeleteOutlined />} label={t('action.delete')} danger onClick={onClick} />
    </HasPermi>
  );
}

function AppsTab() {
  const { t } = useTranslation('phoneAppsAdmin');
  const { page, limit, setPage, resetPage } = usePageQuery();
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState<number>();
  const [displayStatus, setDisplayStatus] = useState<AppDisplayStatus>();
  const apps = useBusinessApps({ page, limit, name, categoryId, displayStatus });
  const categories = useBusinessAppCategories();
  const update = useUpdateBusinessApp();
  const removeApp = useDeleteBusinessApp();
  const removeVersion = useDeleteBusinessAppVersion();
  const refetch = useRefetchBusinessApps();
  const confirm = useConfirm();
  const [upload, setUpload] = useState<{ app?: PhoneApp }>();
  const [versionsOf, setVersionsOf] = useState<PhoneApp>();
  const versions = useBusinessAppVersions(versionsOf?.id);
  const categoryOptions = (categories.data ?? []).map((category) => ({
    value: category.id,
    label: category.name,
  }));
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      resetPage();
    };

  const columns: TableColumnsType<PhoneApp> = [
    {
      key: 'app',
      title: t('column.app'),
      render: (_, app) => (
        <Flex gap="small" align="center">
          <AppIcon app={app} size={36} />
          <Flex vertical>
            <span data-testid="business-app-name">{app.name}</span>
            <span style={{ opacity: 0.6, fontSize: 12 }}>{app.package_name}</span>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'version',
      title: t('column.version'),
      render: (_, app) => `${app.version} (${app.version_code})`,
    },
    { key: 'size', title: t('column.size'), render: (_, app) => formatBytes(app.apk_size) },
    {
      key: 'category',
      title: t('column.category'),
      render: (_, app) => (
        <Select<number | null>
          size="small"
          value={app.category_id}
          options={[{ value: null, label: t('noCategory') }, ...categoryOptions]}
          onChange={(value) => update.mutate({ app, body: { category_id: value } })}
          style={{ width: 140 }}
          aria-label={t('column.category')}
        />
      ),
    },
    {
      key: 'display',
      title: t('column.display'),
      render: (_, app) => (
        <Switch
          checked={app.display_status === 'show'}
          checkedChildren={t('status.show')}
          unCheckedChildren={t('status.hide')}
          onChange={(on) => update.mutate({ app, body: { display_status: on ? 'show' : 'hide' } })}
          data-testid="business-app-display"
        />
      ),
    },
    {
      key: 'updatedAt',
      title: t('column.updatedAt'),
      responsive: ['lg'],
      render: (_, app) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(app.updated_at)}</span>,
    },
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, app) => (
        <Flex gap="middle" wrap>
          <RowAction
            icon={<HistoryOutlined />}
            label={t('action.versions')}
            onClick={() => setVersionsOf(app)}
          />
          <HasPermi value={[ADD]}>
            <RowAction
              icon={<CloudUploadOutlined />}
              label={t('action.newVersion')}
              onClick={() => setUpload({ app })}
            />
          </HasPermi>
          <DeleteAction
            onClick={() =>
              confirm(t('deleteApp.title', { name: app.name }), t('deleteApp.content'), () =>
                removeApp.mutateAsync(app),
              )
            }
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap justify="space-between">
        <Flex gap="small" wrap>
          <LazyInputSearch
            allowClear
            placeholder={t('filter.search')}
            onSearch={(value) => filtered(setName)(value.trim())}
            style={{ width: 220 }}
          />
          <Select<number>
            allowClear
            placeholder={t('filter.category')}
            options={categoryOptions}
            value={categoryId}
            onChange={filtered(setCategoryId)}
            style={{ width: 160 }}
          />
          <Select<AppDisplayStatus>
            allowClear
            placeholder={t('filter.status')}
            options={(['show', 'hide'] as const).map((value) => ({ value, label: t(`status.${value}`) }))}
            value={displayStatus}
            onChange={filtered(setDisplayStatus)}
            style={{ width: 140 }}
          />
        </Flex>
        <HasPermi value={[ADD]}>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            onClick={() => setUpload({})}
            data-testid="business-app-upload"
          >
            {t('action.upload')}
          </Button>
        </HasPermi>
      </Flex>
      <Table<PhoneApp>
        rowKey="id"
        columns={columns}
        dataSource={apps.data?.list}
        loading={apps.isPending || (apps.isFetching && apps.isPlaceholderData)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        data-testid="business-apps-table"
      />
      <Pagination
        total={apps.data?.total ?? 0}
        page={page}
        limit={limit}
        onChange={setPage}
        hidden={!apps.data?.total}
      />
      <UploadApkDialog
        open={upload !== undefined}
        onClose={() => setUpload(undefined)}
        uploadPath={
          upload?.app
            ? `${BUSINESS_APP_PATH}?app_id=${upload.app.id}`
            : `${BUSINESS_APP_PATH}${categoryId !== undefined ? `?category_id=${categoryId}` : ''}`
        }
        limitPath={`${BUSINESS_APP_PATH}/upload_limit`}
        onUploaded={() => void refetch()}
      />
      {versionsOf ? (
        <AppVersionsDrawer
          name={versionsOf.name}
          versions={versions.data}
          loading={versions.isPending}
          onClose={() => setVersionsOf(undefined)}
          extraAction={(version) => (
            <HasPermi value={[REMOVE]}>
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirm(
                    t('deleteVersion.title', { version: version.version }),
                    t('deleteVersion.content'),
                    () => removeVersion.mutateAsync({ appId: versionsOf.id, versionId: version.id }),
                  )
                }
              >
                {t('action.delete')}
              </Button>
            </HasPermi>
          )}
        />
      ) : null}
    </Flex>
  );
}

function CategoryDialog({ category, onClose }: { category: AppCategory | null; onClose: () => void }) {
  const { t } = useTranslation('phoneAppsAdmin');
  const [form] = Form.useForm<{ name: string; sort: number }>();
  const save = useSaveAppCategory();
  const intents = useIntentKeys();
  const submit = async () => {
    const body = await form.validateFields();
    const request = { id: category?.id, body };
    try {
      await save.mutateAsync({ ...request, idempotencyKey: intents.keyFor(request) });
      intents.settle(request);
      onClose();
    } catch (error) {
      intents.settle(request, error);
    }
  };
  return (
    <Modal
      open
      title={category ? t('category.editTitle') : t('category.addTitle')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: category?.name ?? '', sort: category?.sort ?? 0 }}
        style={{ paddingTop: 8 }}
      >
        <Form.Item
          name="name"
          label={t('category.name')}
          rules={[{ required: true, whitespace: true, message: t('category.nameRequired') }]}
        >
          <Input maxLength={30} showCount />
        </Form.Item>
        <Form.Item name="sort" label={t('category.sort')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CategoriesTab() {
  const { t } = useTranslation('phoneAppsAdmin');
  const categories = useBusinessAppCategories();
  const remove = useDeleteAppCategory();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<AppCategory | null>();
  const columns: TableColumnsType<AppCategory> = [
    { key: 'name', title: t('column.name'), dataIndex: 'name' },
    { key: 'sort', title: t('column.sort'), dataIndex: 'sort' },
    { key: 'appCount', title: t('column.appCount'), dataIndex: 'app_count' },
    {
      key: 'actions',
      title: t('column.actions'),
      render: (_, category) => (
        <Flex gap="middle">
          <HasPermi value={[EDIT]}>
            <RowAction
              icon={<EditOutlined />}
              label={t('action.edit')}
              onClick={() => setEditing(category)}
            />
          </HasPermi>
          <DeleteAction
            onClick={() =>
              confirm(t('deleteCategory.title', { name: category.name }), t('deleteCategory.content'), () =>
                remove.mutateAsync(category),
              )
            }
          />
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      <HasPermi value={[ADD]}>
        <Flex justify="flex-end">
          <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('action.addCategory')}
          </Button>
        </Flex>
      </HasPermi>
      <Table<AppCategory>
        rowKey="id"
        columns={columns}
        dataSource={categories.data}
        loading={categories.isPending}
        pagination={false}
        locale={{ emptyText: t('emptyCategories') }}
      />
      {editing !== undefined ? (
        <CategoryDialog category={editing} onClose={() => setEditing(undefined)} />
      ) : null}
    </Flex>
  );
}

/** The catalogue's tabs: apps and categories (loaded after the page's heading, see business-app-page). */
export function BusinessAppContent() {
  const { t } = useTranslation('phoneAppsAdmin');
  return (
    <Tabs
      items={[
        { key: 'apps', label: t('tab.apps'), children: <AppsTab /> },
        { key: 'categories', label: t('tab.categories'), children: <CategoriesTab /> },
      ]}
    />
  );
}
