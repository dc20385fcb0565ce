import { Form } from 'antd';
import type { AdminBannerBody } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../../lib/upload';
import { BannerSlide } from '../../../home/components/banner-carousel';
import { FormDialog } from '../../../system/shared/form-dialog';
import type { ContentDialogProps } from './content-rows-tab';
import { BilingualFields, ContentPreview, ImageField, LinkField, OrderFields, pick } from './content-form';

type Values = Required<AdminBannerBody>;
const NEW_BANNER = { subtitleZh: '', subtitleEn: '', link: '', sort: 0, enabled: true };

/** Adds or edits a carousel slide, with the slide as customers will see it. */
export function BannerDialog({ open, record, save, onClose }: ContentDialogProps<'banner'>) {
  const { t } = useTranslation('businessContent');
  return (
    <FormDialog<Values, AdminBannerBody>
      open={open}
      recordId={record?.id}
      initialValues={record ?? NEW_BANNER}
      toBody={(values) => ({ ...NEW_BANNER, ...values })}
      save={save}
      onClose={onClose}
      titles={{ create: t('banner.createTitle'), edit: t('banner.editTitle') }}
      testId="banner-dialog"
      width={760}
    >
      {(form) => (
        <>
          <BilingualFields zh="titleZh" en="titleEn" label={t('banner.title')} max={100} required />
          <BilingualFields zh="subtitleZh" en="subtitleEn" label={t('banner.subtitle')} max={200} />
          <ImageField required extra={t('banner.imageHint')} />
          <LinkField />
          <OrderFields />
          <BannerPreview form={form} />
        </>
      )}
    </FormDialog>
  );
}

function BannerPreview({ form }: { form: Parameters<typeof Form.useWatch>[1] }) {
  const values = (Form.useWatch([], form) ?? {}) as Partial<Values>;
  return (
    <ContentPreview
      render={(language) => (
        <BannerSlide
          banner={{
            id: 0,
            title: pick(language, values.titleZh, values.titleEn),
            subtitle: pick(language, values.subtitleZh, values.subtitleEn),
            image: values.image ? fileUrl(values.image) : '',
            link: '',
          }}
        />
      )}
    />
  );
}
