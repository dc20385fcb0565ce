import { Button, Empty, Form, Segmented, Select, Skeleton } from 'antd';
import type { DesktopImage, PlatformTypeOption } from '@cloudbay/contracts';
import {
  SYSTEM_DISK_MAX_GIB,
  SYSTEM_DISK_MIN_GIB,
  SYSTEM_DISK_STEP_GIB,
  type DesktopPlatformType,
} from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/i18n';
import { isSystemDisk } from '../buy-form';
import layout from '../../../../components/purchase/purchase-layout.module.css';
import { BuySection } from '../../../../components/purchase/buy-section';
import { DiskInput } from './disk-input';

export interface ImageSectionProps {
  platformTypes: readonly PlatformTypeOption[] | undefined;
  /** The images of the chosen region and platform; undefined while loading. */
  images: readonly DesktopImage[] | undefined;
  imagesFailed: boolean;
  onRetry: () => void;
  /** The smallest system disk the chosen image allows. */
  minDisk: number;
}

/** The image's name in the page's language. */
export function imageName(image: Pick<DesktopImage, 'name' | 'name_zh' | 'name_en'>): string {
  return (currentLanguage() === 'en-US' ? image.name_en : image.name_zh) || image.name;
}

function useImageOptions(images: readonly DesktopImage[]) {
  const { t } = useTranslation('desktopBuy');
  const option = (image: DesktopImage) => {
    const state =
      image.status === 'creating'
        ? t('image.creating')
        : image.status === 'failed'
          ? t('image.failed')
          : null;
    return {
      value: image.image_id,
      label: state ? t('image.withState', { name: imageName(image), state }) : imageName(image),
      disabled: image.status !== 'available',
    };
  };
  const system = images.filter((image) => !image.is_custom).map(option);
  const custom = images.filter((image) => image.is_custom).map(option);
  return [
    ...(system.length ? [{ label: t('image.system'), title: t('image.system'), options: system }] : []),
    ...(custom.length ? [{ label: t('image.custom'), title: t('image.custom'), options: custom }] : []),
  ];
}

function ImageSelect({
  props,
  id,
  value,
  onChange,
}: {
  props: ImageSectionProps;
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation('desktopBuy');
  const options = useImageOptions(props.images ?? []);
  if (props.imagesFailed && !props.images) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('image.loadFailed')}
        data-testid="buy-image-error"
      >
        <Button onClick={props.onRetry}>{t('page.retry')}</Button>
      </Empty>
    );
  }
  if (!props.images) return <Skeleton.Input active block data-testid="buy-image-loading" />;
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      placeholder={t('image.placeholder')}
      notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('image.empty')} />}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%', maxWidth: 480 }}
      aria-label={t('image.label')}
      data-testid="buy-image"
    />
  );
}

function PlatformPicker({
  options,
  value,
  onChange,
}: {
  options: readonly PlatformTypeOption[];
  value?: DesktopPlatformType;
  onChange?: (value: DesktopPlatformType) => void;
}) {
  const { t } = useTranslation('desktopBuy');
  return (
    <div className={layout.scroller}>
      <Segmented<DesktopPlatformType>
        options={options.map((option) => ({ value: option.value, label: option.label }))}
        value={value}
        onChange={onChange}
        aria-label={t('image.label')}
        data-testid="buy-platform"
      />
    </div>
  );
}

/** The image (platform, then a system image or one of the customer's own) and the system disk. */
export function ImageSection(props: ImageSectionProps) {
  const { t } = useTranslation('desktopBuy');
  const limits = { min: SYSTEM_DISK_MIN_GIB, max: SYSTEM_DISK_MAX_GIB, step: SYSTEM_DISK_STEP_GIB };
  return (
    <BuySection title={t('section.image')} testId="buy-section-image">
      <Form.Item label={t('image.label')} required>
        {props.platformTypes?.length ? (
          <Form.Item name="platform_type" noStyle>
            <PlatformPicker options={props.platformTypes} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="image_id"
          rules={[{ required: true, message: t('image.required') }]}
          style={{ marginTop: 12, marginBottom: 0 }}
        >
          <ImageSelect props={props} />
        </Form.Item>
      </Form.Item>
      <Form.Item
        name="system_disk"
        label={t('disk.label')}
        extra={
          props.minDisk > SYSTEM_DISK_MIN_GIB
            ? t('disk.imageMin', { min: props.minDisk })
            : t('disk.hint', limits)
        }
        rules={[
          {
            validator: (_, value: number | null | undefined) =>
              isSystemDisk(value) && value >= props.minDisk
                ? Promise.resolve()
                : Promise.reject(new Error(t('disk.invalid', { ...limits, min: props.minDisk }))),
          },
        ]}
      >
        <DiskInput min={props.minDisk} />
      </Form.Item>
    </BuySection>
  );
}
