import { useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { PhoneAppUpload } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { apkUploadRequest, uploadErrorMessage, useUploadLimit } from './api/phone-apps';

export interface UploadApkDialogProps {
  open: boolean;
  onClose: () => void;
  /** POST target (the customer's uploads, or the operators' catalogue with its query). */
  uploadPath: string;
  /** GET of the size limit shown before a file is chosen. */
  limitPath: string;
  onUploaded: (uploaded: PhoneAppUpload) => void;
}

/**
 * Sends one APK with antd's Upload (XHR, so the progress shows), checks the extension and the
 * size limit before sending, and shows the server's translated refusal (not an APK, too large).
 */
export function UploadApkDialog({ open, onClose, uploadPath, limitPath, onUploaded }: UploadApkDialogProps) {
  const { t } = useTranslation('phoneApps');
  const limit = useUploadLimit(limitPath);
  const maxMb = limit.data?.max_mb;
  const [file, setFile] = useState<UploadFile>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const uploading = file?.status === 'uploading';

  const reset = () => {
    setFile(undefined);
    setError(undefined);
    setDone(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('upload.title')}
      onCancel={uploading ? undefined : close}
      closable={!uploading}
      mask={{ closable: false }}
      footer={
        <Button onClick={close} disabled={uploading} data-testid="apk-upload-close">
          {t('upload.close')}
        </Button>
      }
      destroyOnHidden
    >
      <Flex vertical gap="middle" style={{ paddingTop: 8 }}>
        <Upload.Dragger
          {...apkUploadRequest(uploadPath)}
          accept=".apk"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={uploading || maxMb === undefined}
          beforeUpload={(picked) => {
            reset();
            if (!picked.name.toLowerCase().endsWith('.apk')) {
              setError(t('upload.notApk'));
              return Upload.LIST_IGNORE;
            }
            if (maxMb !== undefined && picked.size > maxMb * 1024 * 1024) {
              setError(t('upload.tooLarge', { limit: maxMb }));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          onChange={({ file: changed }) => {
            setFile(changed);
            if (changed.status === 'done') {
              const uploaded = (changed.response as { data: PhoneAppUpload }).data;
              setDone(t('upload.done', { name: uploaded.app.name, version: uploaded.version.version }));
              onUploaded(uploaded);
            }
            if (changed.status === 'error') {
              setError(uploadErrorMessage(changed.response) ?? t('upload.failed'));
            }
          }}
          data-testid="apk-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('upload.drag')}</p>
          <p className="ant-upload-hint" data-testid="apk-upload-hint">
            {maxMb !== undefined ? t('upload.hint', { limit: maxMb }) : null}
          </p>
        </Upload.Dragger>
        {uploading ? (
          <Flex vertical gap={4} data-testid="apk-upload-progress">
            <span>{t('upload.uploading', { name: file.name })}</span>
            <Progress percent={Math.round(file.percent ?? 0)} />
          </Flex>
        ) : null}
        {error ? <Alert type="error" showIcon title={error} data-testid="apk-upload-error" /> : null}
        {done ? <Alert type="success" showIcon title={done} data-testid="apk-upload-done" /> : null}
      </Flex>
    </Modal>
  );
}
