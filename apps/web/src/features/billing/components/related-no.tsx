import { Button, Flex, Tooltip, theme } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { Bill } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/copy';

/** What a bill relates to: the kind (a top-up order, an order…) above its number, with a copy button. */
export function RelatedNo({ bill }: { bill: Pick<Bill, 'related_type' | 'related_no'> }) {
  const { t } = useTranslation('billing');
  const { token } = theme.useToken();
  if (!bill.related_no) return <span style={{ color: token.colorTextQuaternary }}>—</span>;
  const no = bill.related_no;
  return (
    <Flex vertical gap={0}>
      {bill.related_type ? (
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {t(`relatedType.${bill.related_type}`)}
        </span>
      ) : null}
      <Flex align="center" gap={2}>
        <span style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }}>{no}</span>
        <Tooltip title={t('page.copyNo')}>
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            aria-label={t('page.copyNo')}
            onClick={() => void copyText(no)}
          />
        </Tooltip>
      </Flex>
    </Flex>
  );
}
