import { useState } from 'react';
import { Alert, Checkbox, Flex, Select, Tag, theme } from 'antd';
import type { BatchResult, Desktop, DesktopImage } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../../components/dialog-footer';
import { useImages, useRebuildDesktops } from '../../api/desktops-rebuild';
import { sharedRegion } from '../desktop-rules';
import { DesktopDialog, DialogTargets } from './desktop-dialog';

/** The value of "keep each desktop's current image" (no `image_id` is sent). */
const CURRENT_IMAGE = '';

/**
 * The images the desktops may be reinstalled from: those of the platform they all run now (a
 * reinstall keeps the platform), available, in their region. Empty when they differ.
 */
export function imageChoices(images: readonly DesktopImage[], desktops: readonly Desktop[]): DesktopImage[] {
  const platforms = new Set(
    desktops.map((desktop) => images.find((image) => image.image_id === desktop.image_id)?.platform_type),
  );
  const [platform] = platforms;
  if (platforms.size !== 1 || platform === undefined) return [];
  return images.filter((image) => image.platform_type === platform && image.status === 'available');
}

function useImageOptions(images: readonly DesktopImage[]) {
  const { t } = useTranslation('desktops');
  const option = (image: DesktopImage) => ({
    value: image.image_id,
    label: (
      <Flex justify="space-between" gap="small">
        <span>{image.name}</span>
        <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
          {image.os_name}
        </Tag>
      </Flex>
    ),
  });
  const system = images.filter((image) => !image.is_custom);
  const own = images.filter((image) => image.is_custom);
  return [
    { value: CURRENT_IMAGE, label: t('list.rebuild.currentImage') },
    ...(system.length ? [{ label: t('list.rebuild.systemImages'), options: system.map(option) }] : []),
    ...(own.length ? [{ label: t('list.rebuild.ownImages'), options: own.map(option) }] : []),
  ];
}

/**
 * Reinstall the system of one desktop or a selection (PUT /user/desktop/batch_rebuild; running or
 * shut down only): the current image or another of the same platform, after the user has
 * acknowledged that the system disk is wiped.
 */
export function RebuildDialog({
  desktops,
  onClose,
  onDone,
}: {
  desktops: readonly Desktop[];
  onClose: () => void;
  /** The per-desktop results, to report. */
  onDone: (result: BatchResult) => void;
}) {
  const { t } = useTranslation('desktops');
  const { token } = theme.useToken();
  const region = sharedRegion(desktops);
  const images = useImages(region);
  const choices = imageChoices(images.data ?? [], desktops);
  const options = useImageOptions(choices);
  const [imageId, setImageId] = useState<string>(CURRENT_IMAGE);
  const [understood, setUnderstood] = useState(false);
  const rebuild = useRebuildDesktops();

  const submit = () =>
    rebuild.mutate(
      { desktopIds: desktops.map((desktop) => desktop.desktop_id), imageId: imageId || undefined },
      { onSuccess: onDone },
    );

  const footer = (
    <DialogFooter
      cancelText={t('list.dialog.cancel')}
      submitText={t('list.rebuild.submit')}
      onCancel={onClose}
      onSubmit={submit}
      loading={rebuild.isPending}
      disabled={!understood}
      danger
      submitTestId="desktop-rebuild-submit"
    />
  );

  return (
    <DesktopDialog
      open
      title={t('list.rebuild.title')}
      onClose={onClose}
      footer={footer}
      testId="desktop-rebuild"
    >
      <DialogTargets desktops={desktops} />
      <Alert
        type="warning"
        showIcon
        title={t('list.rebuild.warning')}
        description={t('list.rebuild.warningHint')}
      />
      <Flex vertical gap="small">
        <span style={{ fontWeight: token.fontWeightStrong }}>{t('list.rebuild.image')}</span>
        <Select
          value={imageId}
          options={options}
          onChange={setImageId}
          loading={images.isFetching}
          aria-label={t('list.rebuild.image')}
          data-testid="desktop-rebuild-image"
        />
        {region === null && desktops.length > 1 ? (
          <span style={{ color: token.colorTextSecondary }}>{t('list.rebuild.mixedRegions')}</span>
        ) : null}
      </Flex>
      <Checkbox
        checked={understood}
        onChange={(event) => setUnderstood(event.target.checked)}
        data-testid="desktop-rebuild-understood"
      >
        {t('list.rebuild.understood')}
      </Checkbox>
    </DesktopDialog>
  );
}
