import { App, Button, Flex, Spin } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@cloudbay/contracts';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_MB } from '@cloudbay/contracts/core';
import { feedback } from '../../../lib/feedback';
import { needsFailureMessage, uploadFile } from '../../../lib/upload';
import { checkUploadFile } from '../../../lib/upload-rules';
import { useUpdateProfile } from '../api/update-profile';
import { UserAvatar } from './user-avatar';
import styles from './avatar-upload.module.css';

const AVATAR_SIZE = 88;

/**
 * The profile's avatar: clicking it (or dropping a file on it) picks an image (png, jpg, jpeg under
 * 5 MB), which is uploaded and saved with PUT /user/profile; the navigation bar shows it as soon as
 * the answer arrives. A plain file input, not antd's Upload: the upload goes through the request
 * client and no upload list shows, so Upload with its list and progress (~12 KB gzip) only added
 * weight to the profile's first load; the avatar is the navbar's (no antd Avatar measuring).
 */
export function AvatarUpload({ user }: { user: User }) {
  const { t } = useTranslation('kit');
  const { message, modal } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const busy = uploading || update.isPending;

  const save = (avatar: string, done: string) =>
    update.mutate({ avatar }, { onSuccess: () => void message.success(done) });

  const replace = async (file: File) => {
    const problem = checkUploadFile(file, { fileType: UPLOAD_IMAGE_TYPES, fileSize: UPLOAD_MAX_MB }, 'image');
    if (problem) {
      feedback.toast('error', problem);
      return;
    }
    setUploading(true);
    const closeLoading = feedback.showLoading(t('upload.imageLoading'));
    try {
      const stored = await uploadFile(file);
      save(stored.fileName, t('avatar.saved'));
    } catch (error) {
      if (needsFailureMessage(error)) feedback.toast('error', t('upload.imageFailed'));
    } finally {
      closeLoading();
      setUploading(false);
    }
  };

  return (
    <Flex vertical align="center" gap={4}>
      <input
        ref={input}
        type="file"
        hidden
        accept={UPLOAD_IMAGE_TYPES.map((type) => `.${type}`).join(',')}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file again is a new choice
          if (file) void replace(file);
        }}
      />
      <button
        type="button"
        className={styles.trigger}
        aria-label={t('avatar.change')}
        title={t('avatar.change')}
        disabled={busy}
        data-testid="avatar-upload"
        style={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
        onClick={() => input.current?.click()}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event: DragEvent) => {
          event.preventDefault();
          const file = event.dataTransfer.files[0];
          if (file && !busy) void replace(file);
        }}
      >
        <Spin spinning={busy}>
          <UserAvatar user={user} size={AVATAR_SIZE} fontSize={36} testId="profile-avatar" />
        </Spin>
        <span className={styles.overlay} aria-hidden="true">
          <CameraOutlined />
          <span>{t('avatar.change')}</span>
        </span>
      </button>
      {user.avatar ? (
        <Button
          type="link"
          size="small"
          disabled={busy}
          data-testid="avatar-remove"
          onClick={() =>
            modal.confirm({
              title: t('avatar.removeConfirm'),
              okText: t('avatar.remove'),
              okButtonProps: { danger: true },
              onOk: () => save('', t('avatar.removed')),
            })
          }
        >
          {t('avatar.remove')}
        </Button>
      ) : null}
    </Flex>
  );
}
