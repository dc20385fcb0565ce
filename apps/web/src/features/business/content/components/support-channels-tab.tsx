import { useState } from 'react';
import { Flex, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import type { SupportChannel } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '../../../system/shared/admin-list';
import { useConfirmDelete } from '../../../system/shared/confirm';
import { SubmitDialog } from '../../../system/shared/submit-dialog';
import { PermittedAddButton, RowActions } from '../../../system/shared/row-actions';
import { useSaveSupportChannels, useSupportChannels } from '../api/content-api';
import { BilingualFields, ImageField } from './content-form';
import { imageColumn, bilingualColumn } from './content-columns';

const ICONS: SupportChannel['icon'][] = [
  'wechat',
  'whatsapp',
  'telegram',
  'skype',
  'mail',
  'docs',
  'message',
];
const MAX_CHANNELS = 8;

/**
 * The floating support widget's channels (the public setting SUPPORT_CHANNELS): the widget reads
 * them at each page load, so a saved list is what the next customer page shows.
 */
export function SupportChannelsTab() {
  const { t } = useTranslation('businessContent');
  const channels = useSupportChannels();
  const saveList = useSaveSupportChannels();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<{ index?: number }>();
  const list = channels.data ?? [];

  const save = (next: SupportChannel[]) => saveList.mutateAsync({ channels: next });

  const columns: TableColumnsType<SupportChannel> = [
    { key: 'icon', title: t('channels.icon'), render: (_, channel) => t(`channels.icons.${channel.icon}`) },
    bilingualColumn<SupportChannel>(t('channels.label'), (channel) => [channel.label_zh, channel.label_en]),
    { key: 'kind', title: t('channels.kind'), render: (_, channel) => t(`channels.kinds.${channel.kind}`) },
    { key: 'url', title: t('channels.url'), dataIndex: 'url', ellipsis: true },
    imageColumn<SupportChannel>(t('channels.qr')),
    actionsColumn(t('actions'), (channel) => {
      const index = list.indexOf(channel);
      return (
        <RowActions
          permission="business:content"
          testId="content-channel"
          onEdit={() => setEditing({ index })}
          onDelete={() =>
            void confirmDelete(channel.label_zh, () => save(list.filter((_, i) => i !== index)))
          }
        />
      );
    }),
  ];

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap="small" wrap>
        <span>{t('channels.hint', { max: MAX_CHANNELS })}</span>
        {list.length < MAX_CHANNELS ? (
          <PermittedAddButton
            permission="business:content:edit"
            label={t('channels.add')}
            onClick={() => setEditing({})}
            testId="content-channel-add"
          />
        ) : null}
      </Flex>
      <Table<SupportChannel>
        rowKey="key"
        columns={columns}
        dataSource={list}
        loading={channels.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="content-channel-table"
      />
      <ChannelDialog
        open={editing !== undefined}
        channel={editing?.index === undefined ? undefined : list[editing.index]}
        saving={saveList.isPending}
        onSave={async (channel) => {
          const next = [...list];
          if (editing?.index === undefined) next.push(channel);
          else next[editing.index] = channel;
          await save(next);
          setEditing(undefined);
        }}
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}

function ChannelDialog({
  open,
  channel,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  channel?: SupportChannel;
  saving: boolean;
  onSave: (channel: SupportChannel) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessContent');
  const [form] = Form.useForm<SupportChannel>();
  return (
    <SubmitDialog
      open={open}
      title={channel ? t('channels.editTitle') : t('channels.createTitle')}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitText={t('save')}
      loading={saving}
      testId="channel-dialog"
      submitTestId="channel-dialog-save"
      width={720}
    >
      <Form<SupportChannel>
        key={channel?.key ?? 'new'}
        form={form}
        layout="vertical"
        initialValues={
          channel ?? { kind: 'link', icon: 'message', description_zh: '', description_en: '', image: '' }
        }
        onFinish={(values) =>
          onSave({
            ...values,
            description_zh: values.description_zh ?? '',
            description_en: values.description_en ?? '',
            image: values.image ?? '',
          })
        }
      >
        <Flex gap="middle" wrap>
          <Form.Item
            name="key"
            label={t('channels.key')}
            rules={[{ required: true, pattern: /^[a-z0-9_-]{1,30}$/, message: t('channels.keyHint') }]}
            style={{ flex: '1 1 160px' }}
          >
            <Input maxLength={30} disabled={channel !== undefined} />
          </Form.Item>
          <Form.Item name="kind" label={t('channels.kind')} style={{ flex: '1 1 160px' }}>
            <Select
              options={(['link', 'qr'] as const).map((kind) => ({
                value: kind,
                label: t(`channels.kinds.${kind}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="icon" label={t('channels.icon')} style={{ flex: '1 1 160px' }}>
            <Select options={ICONS.map((icon) => ({ value: icon, label: t(`channels.icons.${icon}`) }))} />
          </Form.Item>
        </Flex>
        <BilingualFields zh="label_zh" en="label_en" label={t('channels.label')} max={40} required />
        <BilingualFields
          zh="description_zh"
          en="description_en"
          label={t('channels.description')}
          max={200}
        />
        <Form.Item
          name="url"
          label={t('channels.url')}
          extra={t('channels.urlHint')}
          rules={[
            { required: true, pattern: /^(https:\/\/\S+|mailto:\S+)$/, message: t('channels.urlHint') },
          ]}
        >
          <Input maxLength={300} />
        </Form.Item>
        <ImageField extra={t('channels.qrHint')} />
      </Form>
    </SubmitDialog>
  );
}
