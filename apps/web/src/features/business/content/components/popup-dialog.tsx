import { Col, Form, Input, Row, theme } from 'antd';
import type { AdminAdPopup, AdminAdPopupBody } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { AdContent } from '../../../home/components/ad-popup-dialog';
import type { ContentDialogProps } from './content-rows-tab';
import {
  BilingualFields,
  ContentFormDialog,
  ImageField,
  pick,
  previewImage,
  type PreviewLanguage,
} from './content-form';

/** The form's values: times as a datetime-local input holds them (the browser's local time). */
type Values = Omit<Required<AdminAdPopupBody>, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt?: string };

/** An ISO instant as `YYYY-MM-DDTHH:mm` in local time, what a datetime-local input shows. */
function localInput(iso: string | null): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A version for a new campaign: the day it is made, which operators can change. */
const newVersion = () => new Date().toISOString().slice(0, 10);

function initialValues(record: AdminAdPopup | undefined): Partial<Values> {
  if (!record) {
    return {
      version: newVersion(),
      contentZh: '',
      contentEn: '',
      image: '',
      link: '',
      sort: 0,
      enabled: true,
      startsAt: localInput(new Date().toISOString()),
    };
  }
  return { ...record, startsAt: localInput(record.startsAt)!, endsAt: localInput(record.endsAt) };
}

/**
 * Adds or edits the home pop-up. Each version shows once per browser, so a new campaign needs a
 * new version (the server refuses one in use); editing keeps it, and customers who closed it
 * do not see the edit.
 */
export function PopupDialog({ open, record, save, onClose }: ContentDialogProps<'ad_popup'>) {
  const { t } = useTranslation('businessContent');
  return (
    <ContentFormDialog<Values, AdminAdPopupBody>
      kind="popup"
      open={open}
      recordId={record?.id}
      initialValues={initialValues(record)}
      toBody={({ startsAt, endsAt, ...values }) => ({
        ...values,
        image: values.image ?? '',
        link: values.link ?? '',
        contentZh: values.contentZh ?? '',
        contentEn: values.contentEn ?? '',
        startsAt: new Date(startsAt).toISOString(),
        endsAt: endsAt ? new Date(endsAt).toISOString() : null,
      })}
      save={save}
      onClose={onClose}
      fields={
        <>
          <Form.Item
            name="version"
            label={t('popup.version')}
            extra={t('popup.versionHint')}
            rules={[
              { required: true, message: t('popup.versionInvalid') },
              { pattern: /^[A-Za-z0-9._-]{1,40}$/, message: t('popup.versionInvalid') },
            ]}
          >
            <Input maxLength={40} data-testid="content-field-version" />
          </Form.Item>
          <BilingualFields zh="titleZh" en="titleEn" label={t('popup.title')} max={100} required />
          <BilingualFields zh="contentZh" en="contentEn" label={t('popup.content')} max={1000} multiline />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="startsAt"
                label={t('popup.startsAt')}
                rules={[{ required: true, message: t('popup.startsAtRequired') }]}
              >
                <Input type="datetime-local" data-testid="content-field-startsAt" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="endsAt"
                label={t('popup.endsAt')}
                extra={t('popup.endsAtHint')}
                dependencies={['startsAt']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, value?: string) =>
                      !value || value > String(getFieldValue('startsAt'))
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('popup.windowInvalid'))),
                  }),
                ]}
              >
                <Input type="datetime-local" data-testid="content-field-endsAt" />
              </Form.Item>
            </Col>
          </Row>
          <ImageField />
        </>
      }
      preview={(values, language) => <PopupPreview values={values} language={language} />}
    />
  );
}

function PopupPreview({ values, language }: { values: Partial<Values>; language: PreviewLanguage }) {
  const { token } = theme.useToken();
  // The dialog's own box around the body, as the home page's modal draws it.
  const box = {
    maxWidth: 420,
    margin: '0 auto',
    padding: token.paddingLG,
    background: token.colorBgElevated,
    borderRadius: token.borderRadiusLG,
  };
  return (
    <div style={box}>
      <AdContent
        popup={{
          id: 0,
          version: values.version ?? '',
          title: pick(language, values.titleZh, values.titleEn),
          content: pick(language, values.contentZh, values.contentEn),
          image: previewImage(values.image),
          link: '',
        }}
      />
    </div>
  );
}
