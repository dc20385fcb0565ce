import { Flex, theme } from 'antd';
import type { Bill } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';

/** What a bill relates to: the kind (a top-up order, an order…) above its number, with a copy button. */
export function RelatedNo({ bill }: { bill: Pick<Bill, 'related_type' | 'related_no'> }) {
  const { t } = useTranslation('billing');
  const { token } = theme.useToken();
  if (!bill.related_no) return <span style={{ color: token.colorTextQuaternary }}>—</span>;
  return (
    <Flex vertical gap={0}>
      {bill.related_type ? (
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {t(`relatedType.${bill.related_type}`)}
        </span>
      ) : null}
      <CopyableCode value={bill.related_no} copyLabel={t('page.copyNo')} />
    </Flex>
  );
}
