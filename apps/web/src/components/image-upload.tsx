import { useState } from 'react';
import { Flex, Modal, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_MB,
  UPLOAD_PREVIEW_WIDTH,
} from '@cloudbay/contracts/core';

import { useUploadBatch } from '../lib/use-upload-batch';
import { UploadTip } from './upload-tip';

export interface ImageUploadProps {
  /** Stored image names (or URLs), comma-separated or as a list. */
  value?: string | readonly string[] | null;
  /** Called once per finished batch (and per removal) with the new comma-separated value. */
  onChange?: (value: string, list: string[]) => void;
  /** How many images the field holds at most (default 5). */
  limit?: number;
  /** Size limit per image in MB (default 5; 0 for none). */
  fileSize?: number;
  /** Allowed extensions (default png, jpg, jpeg). */
  fileType?: readonly string[];
  /** Show the 'please upload …' hint (default true). */
  isShowTip?: boolean;
  disabled?: boolean;
}

/**
 * Image cards with a preview dialog (RuoYi's ImageUpload): pick several at once, each checked against
 * the allowed types, size and count; the add card disappears once the limit is reached.
 */
export function ImageUpload({
  value,
  onChange,
  limit = UPLOAD_MAX_FILES,
  fileSize = UPLOAD_MAX_MB,
  fileType = UPLOAD_IMAGE_TYPES,
  isShowTip = true,
  disabled = false,
}: ImageUploadProps) {
  const { t } = useTranslation('kit');
  const [preview, setPreview] = useState<UploadFile | undefined>();
  const batch = useUploadBatch({
    value,
    onChange,
    limit,
    fileSize,
    fileType,
    kind: 'image',
    loadingText: t('upload.imageLoading'),
    failedText: t('upload.imageFailed'),
  });
  const { fileList, full } = batch;

  return (
    <Flex vertical gap={4} data-testid="image-upload">
      <Upload
        listType="picture-card"
        fileList={fileList}
        multiple={limit !== 1}
        accept={fileType.length > 0 ? fileType.map((type) => `.${type}`).join(',') : 'image/*'}
        showUploadList={{ showRemoveIcon: !disabled }}
        beforeUpload={(file, picked) => {
          // antd asks once per file; the first of a pick starts the whole batch.
          if (file === picked[0]) void batch.upload(picked);
          return Upload.LIST_IGNORE;
        }}
        onPreview={(file) => setPreview(file)}
        onRemove={(file) => {
          batch.remove(file.uid);
          return false;
        }}
      >
        {disabled || full ? null : (
          <button
            type="button"
            data-testid="image-upload-pick"
            style={{ border: 0, background: 'none', cursor: 'pointer', color: 'inherit', font: 'inherit' }}
          >
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload.addImage')}</div>
          </button>
        )}
      </Upload>
      {isShowTip && !disabled ? <UploadTip fileSize={fileSize} fileType={fileType} /> : null}
      <Modal
        open={preview !== undefined}
        title={t('upload.preview')}
        width={UPLOAD_PREVIEW_WIDTH}
        footer={null}
        onCancel={() => setPreview(undefined)}
        destroyOnHidden
      >
        {preview?.url ? (
          <img
            src={preview.url}
            alt={preview.name}
            style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }}
            data-testid="image-preview"
          />
        ) : null}
      </Modal>
    </Flex>
  );
}
