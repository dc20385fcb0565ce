import { Button, Flex, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_FILE_TYPES, UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@cloudbay/contracts/core';
import { downloadByName } from '../lib/download';
import { useUploadBatch } from '../lib/use-upload-batch';
import { UploadTip } from './upload-tip';

export interface FileUploadProps {
  /** Stored file names, comma-separated or as a list. */
  value?: string | readonly string[] | null;
  /** Called once per finished batch (and per removal) with the new comma-separated value. */
  onChange?: (value: string, list: string[]) => void;
  /** How many files the field holds at most (default 5). */
  limit?: number;
  /** Size limit per file in MB (default 5; 0 for none). */
  fileSize?: number;
  /** Allowed extensions (default doc, xls, ppt, txt, pdf; empty for any). */
  fileType?: readonly string[];
  /** Show the 'please upload …' hint (default true). */
  isShowTip?: boolean;
  disabled?: boolean;
}

/**
 * A list of uploaded files (RuoYi's FileUpload): pick several at once, each checked against the
 * allowed types, size and count; every file can be downloaded or removed.
 */
export function FileUpload({
  value,
  onChange,
  limit = UPLOAD_MAX_FILES,
  fileSize = UPLOAD_MAX_MB,
  fileType = UPLOAD_FILE_TYPES,
  isShowTip = true,
  disabled = false,
}: FileUploadProps) {
  const { t } = useTranslation('kit');
  const batch = useUploadBatch({
    value,
    onChange,
    limit,
    fileSize,
    fileType,
    kind: 'file',
    loadingText: t('upload.fileLoading'),
    failedText: t('upload.fileFailed'),
  });
  const { fileList, full } = batch;
  const download = (file: UploadFile) => {
    if (file.status === 'done') void downloadByName(file.uid, false);
  };

  return (
    <Flex vertical gap={4} data-testid="file-upload">
      <Upload
        fileList={fileList}
        multiple={limit !== 1}
        accept={fileType.length > 0 ? fileType.map((type) => `.${type}`).join(',') : undefined}
        openFileDialogOnClick={!disabled && !full}
        showUploadList={{ showDownloadIcon: true, showRemoveIcon: !disabled }}
        beforeUpload={(file, picked) => {
          // antd asks once per file; the first of a pick starts the whole batch.
          if (file === picked[0]) void batch.upload(picked);
          return Upload.LIST_IGNORE;
        }}
        onPreview={download}
        onDownload={download}
        onRemove={(file) => {
          batch.remove(file.uid);
          return false;
        }}
      >
        {disabled ? null : (
          <Button icon={<UploadOutlined />} disabled={full} data-testid="file-upload-pick">
            {t('upload.chooseFile')}
          </Button>
        )}
      </Upload>
      {isShowTip && !disabled ? <UploadTip fileSize={fileSize} fileType={fileType} /> : null}
    </Flex>
  );
}
