import { App, Avatar, Button, Flex, Spin, Upload, theme } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@cloudbay/contracts';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_MB } from '@cloudbay/contracts/core';
import { feedback } from '../../../lib/feedback';
import { displayName } from '../../../lib/session';
import { needsFailureMessage, uploadFile } from '../../../lib/upload';
import { checkUploadFile } from '../../../lib/upload-rules';
import { useUpdateProfile } from '../api/update-profile';
import styles from './avatar-upload.module.css';

const AVATAR_SIZE = 88;

/**
 * The profile's avatar: clicking it picks an image (png, jpg, jpeg under 5 MB), which is uploaded
 * and saved with PUT /user/profile; the navigation bar shows it as soon as the answer arrives.
 */
export function AvatarUpload({ user }: { user: User }) {
  const { t } = useTranslation('kit');
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const busy = uploading || update.isPending;
  const name = displayName(user);

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
      <Upload
        accept={UPLOAD_IMAGE_TYPES.map((type) => `.${type}`).join(',')}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void replace(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <button
          type="button"
          className={styles.trigger}
          aria-label={t('avatar.change')}
          title={t('avatar.change')}
          disabled={busy}
          data-testid="avatar-upload"
          style={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
        >
          <Spin spinning={busy}>
            <Avatar
              size={AVATAR_SIZE}
              src={user.avatar || undefined}
              alt=""
              style={{ background: token.colorPrimary, fontSize: 36 }}
              data-testid="profile-avatar"
            >
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
          </Spin>
          <span className={styles.overlay} aria-hidden="true">
            <CameraOutlined />
            <span>{t('avatar.change')}</span>
          </span>
        </button>
      </Upload>
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
