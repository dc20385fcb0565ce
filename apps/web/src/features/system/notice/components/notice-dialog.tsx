import { Form, Input, Radio, Tabs } from 'antd';
import type { SysNoticeAdmin, SysNoticeBody } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../../components/rich-text-editor';
import { FormDialog } from '../../shared/form-dialog';
import type { useNoticeMutations } from '../api/notice-api';

type Values = Required<SysNoticeBody>;

const NEW_NOTICE: Partial<Values> = { notice_type: '2', status: '1', content_zh: '', content_en: '' };

export interface NoticeDialogProps {
  open: boolean;
  notice?: SysNoticeAdmin;
  save: ReturnType<typeof useNoticeMutations>['save'];
  onClose: () => void;
}

/** Writes an announcement in both languages; a new one starts as a draft, customers see it once published. */
export function NoticeDialog({ open, notice, save, onClose }: NoticeDialogProps) {
  const { t } = useTranslation('systemNotice');
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <FormDialog<Values, SysNoticeBody>
      open={open}
      recordId={notice?.id}
      initialValues={notice ?? NEW_NOTICE}
      toBody={(values) => ({
        title_zh: values.title_zh,
        title_en: values.title_en,
        content_zh: values.content_zh ?? '',
        content_en: values.content_en ?? '',
        status: values.status,
        notice_type: values.notice_type,
      })}
      save={save}
      onClose={onClose}
      titles={{ create: t('createTitle'), edit: t('editTitle') }}
      testId="notice-dialog"
      width={820}
    >
      {() => (
        <>
          <Form.Item name="title_zh" label={t('titleZh')} rules={required(t('titleRequired'))}>
            <Input maxLength={100} data-testid="notice-title-zh" />
          </Form.Item>
          <Form.Item name="title_en" label={t('titleEn')} rules={required(t('titleRequired'))}>
            <Input maxLength={100} data-testid="notice-title-en" />
          </Form.Item>
          <Form.Item name="notice_type" label={t('type')}>
            <Radio.Group
              options={[
                { value: '1', label: t('types.1') },
                { value: '2', label: t('types.2') },
              ]}
              data-testid="notice-type"
            />
          </Form.Item>
          <Form.Item name="status" label={t('status')} extra={t('statusHint')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: '1', label: t('statuses.1') },
                { value: '0', label: t('statuses.0') },
              ]}
              data-testid="notice-status"
            />
          </Form.Item>
          <Tabs
            items={[
              {
                key: 'zh',
                label: t('contentZh'),
                forceRender: true,
                children: (
                  <Form.Item name="content_zh" noStyle>
                    <RichTextEditor height={220} />
                  </Form.Item>
                ),
              },
              {
                key: 'en',
                label: t('contentEn'),
                forceRender: true,
                children: (
                  <Form.Item name="content_en" noStyle>
                    <RichTextEditor height={220} />
                  </Form.Item>
                ),
              },
            ]}
          />
        </>
      )}
    </FormDialog>
  );
}
