import type { AdminBannerBody } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { BannerSlide } from '../../../home/components/banner-carousel';
import type { ContentDialogProps } from './content-rows-tab';
import { BilingualFields, ContentFormDialog, ImageField, pick, previewImage } from './content-form';

type Values = Required<AdminBannerBody>;
const NEW_BANNER = { subtitleZh: '', subtitleEn: '', link: '', sort: 0, enabled: true };

/** Adds or edits a carousel slide, with the slide as customers will see it. */
export function BannerDialog({ open, record, save, onClose }: ContentDialogProps<'banner'>) {
  const { t } = useTranslation('businessContent');
  return (
    <ContentFormDialog<Values, AdminBannerBody>
      kind="banner"
      open={open}
      recordId={record?.id}
      initialValues={record ?? NEW_BANNER}
      toBody={(values) => ({ ...NEW_BANNER, ...values })}
      save={save}
      onClose={onClose}
      fields={
        <>
          <BilingualFields zh="titleZh" en="titleEn" label={t('banner.title')} max={100} required />
          <BilingualFields zh="subtitleZh" en="subtitleEn" label={t('banner.subtitle')} max={200} />
          <ImageField required extra={t('banner.imageHint')} />
        </>
      }
      preview={(values, language) => (
        <BannerSlide
          banner={{
            id: 0,
            title: pick(language, values.titleZh, values.titleEn),
            subtitle: pick(language, values.subtitleZh, values.subtitleEn),
            image: previewImage(values.image),
            link: '',
          }}
        />
      )}
    />
  );
}
