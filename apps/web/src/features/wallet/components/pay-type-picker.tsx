import { Segmented } from 'antd';
import { DollarCircleOutlined, QrcodeOutlined } from '@ant-design/icons';
import { PAY_TYPE } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';

/** Stablecoin first (the default, spec §9), fiat QR second. */
export function PayTypePicker({ value, onChange }: { value: number; onChange: (payType: number) => void }) {
  const { t } = useTranslation('wallet');
  const options = [
    { value: PAY_TYPE.STABLECOIN, icon: <DollarCircleOutlined />, label: t('payType.stablecoin') },
    { value: PAY_TYPE.FIAT, icon: <QrcodeOutlined />, label: t('payType.fiat') },
  ];
  return (
    <Segmented<number>
      block
      options={options}
      value={value}
      onChange={onChange}
      aria-label={t('dialog.payType')}
      data-testid="pay-type"
    />
  );
}
