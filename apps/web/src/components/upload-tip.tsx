import { Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';

/** 'Please upload files under 5 MB in png/jpg/jpeg format' (RuoYi's upload tip); an unlimited part is left out. */
export function UploadTip({ fileSize, fileType }: { fileSize: number; fileType: readonly string[] }) {
  const { t } = useTranslation('kit');
  const hasSize = fileSize > 0;
  const hasType = fileType.length > 0;
  if (!hasSize && !hasType) return null;
  const key = hasSize && hasType ? 'upload.tip' : hasSize ? 'upload.tipSize' : 'upload.tipType';
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="upload-tip">
      <Trans
        t={t}
        i18nKey={key}
        values={{ n: fileSize, types: fileType.join('/') }}
        components={{ b: <b /> }}
      />
    </Typography.Text>
  );
}
