/** Form pieces of the content dialogs: both languages side by side, the picture, link, order, preview. */
import { useState, type ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Row, Segmented, Switch, theme, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../../components/image-upload';
import { fileUrl } from '../../../../lib/upload';
import { FormDialog, type FormDialogProps } from '../../../system/shared/form-dialog';

export type PreviewLanguage = 'zh' | 'en';

/** A text in Chinese and in English, on one row from md up. */
export function BilingualFields({
  zh,
  en,
  label,
  max,
  required = false,
  multiline = false,
}: {
  zh: string;
  en: string;
  label: string;
  max: number;
  required?: boolean;
  multiline?: boolean;
}) {
  const { t } = useTranslation('businessContent');
  const rules = required
    ? [{ required: true, whitespace: true, message: t('required', { field: label }) }]
    : [];
  const input = (testId: string) =>
    multiline ? (
      <Input.TextArea maxLength={max} autoSize={{ minRows: 2, maxRows: 5 }} data-testid={testId} />
    ) : (
      <Input maxLength={max} data-testid={testId} />
    );
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name={zh} label={t('fieldZh', { label })} rules={rules}>
          {input(`content-field-${zh}`)}
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={en} label={t('fieldEn', { label })} rules={rules}>
          {input(`content-field-${en}`)}
        </Form.Item>
      </Col>
    </Row>
  );
}

/** One picture: uploaded (checked and re-encoded by the server) or kept as it is. */
export function ImageField({ required = false, extra }: { required?: boolean; extra?: string }) {
  const { t } = useTranslation('businessContent');
  return (
    <Form.Item
      name="image"
      label={t('image')}
      extra={extra}
      rules={required ? [{ required: true, message: t('imageRequired') }] : []}
    >
      <ImageUpload limit={1} fileType={['png', 'jpg', 'jpeg', 'gif', 'webp']} />
    </Form.Item>
  );
}

/** Where a click leads: a console path or an https address. */
export function LinkField() {
  const { t } = useTranslation('businessContent');
  return (
    <Form.Item
      name="link"
      label={t('link')}
      extra={t('linkHint')}
      rules={[{ pattern: /^(\/\S*|https:\/\/\S+)?$/, message: t('linkHint') }]}
    >
      <Input maxLength={300} placeholder="/cloud/buy" data-testid="content-field-link" />
    </Form.Item>
  );
}

/** Display order and whether customers see it. */
export function OrderFields() {
  const { t } = useTranslation('businessContent');
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="sort" label={t('sort')} extra={t('sortHint')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="enabled" label={t('visibility')} valuePropName="checked">
          <Switch checkedChildren={t('shown')} unCheckedChildren={t('hidden')} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * How customers will see the record, in the language picked: the home page's own component drawn
 * from the form's values. Clicks do nothing here (the preview is not the home page).
 */
export function ContentPreview({ render }: { render: (language: PreviewLanguage) => ReactNode }) {
  const { t } = useTranslation('businessContent');
  const { token } = theme.useToken();
  const [language, setLanguage] = useState<PreviewLanguage>('zh');
  return (
    <div
      style={{
        padding: token.padding,
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadiusLG,
      }}
      data-testid="content-preview"
    >
      <Segmented<PreviewLanguage>
        value={language}
        onChange={setLanguage}
        options={[
          { value: 'zh', label: t('previewZh') },
          { value: 'en', label: t('previewEn') },
        ]}
        style={{ marginBottom: token.marginSM }}
        data-testid="content-preview-language"
      />
      <div style={{ pointerEvents: 'none' }} aria-hidden>
        {render(language)}
      </div>
    </div>
  );
}

/** The Chinese or the English one of a form's pair of fields. */
export const pick = (language: PreviewLanguage, zh: string | undefined, en: string | undefined) =>
  (language === 'zh' ? zh : en)?.trim() ?? '';

/** A picture as the preview shows it: an upload's public URL, or nothing. */
export const previewImage = (image: string | undefined) => (image ? fileUrl(image) : '');

function WatchedPreview<V extends object>({
  form,
  render,
}: {
  form: FormInstance<V>;
  render: (values: Partial<V>, language: PreviewLanguage) => ReactNode;
}) {
  const values = (Form.useWatch([], form) ?? {}) as Partial<V>;
  return <ContentPreview render={(language) => render(values, language)} />;
}

/**
 * The add / edit dialog of a banner, a featured product or a pop-up: `FormDialog` wide enough for
 * both languages side by side, titled and test-named by the kind; the kind's own fields, then the
 * link, order and visibility, then `preview` of the form's values in the language picked.
 */
export function ContentFormDialog<V extends object, B>({
  kind,
  fields,
  preview,
  ...props
}: Omit<FormDialogProps<V, B>, 'titles' | 'testId' | 'width' | 'children'> & {
  kind: 'banner' | 'goods' | 'popup';
  fields: ReactNode;
  preview: (values: Partial<V>, language: PreviewLanguage) => ReactNode;
}) {
  const { t } = useTranslation('businessContent');
  return (
    <FormDialog<V, B>
      {...props}
      titles={{ create: t(`${kind}.createTitle`), edit: t(`${kind}.editTitle`) }}
      testId={`${kind}-dialog`}
      width={760}
    >
      {(form) => (
        <>
          {fields}
          <LinkField />
          <OrderFields />
          <WatchedPreview form={form} render={preview} />
        </>
      )}
    </FormDialog>
  );
}
