import { theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The Cloudbay logo and name, linking home: the top bar of every frame. */
export function BrandLink({ to = '/index' }: { to?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Link
      to={to}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: token.marginXS,
        color: token.colorTextHeading,
        fontSize: token.fontSizeLG,
        fontWeight: token.fontWeightStrong,
      }}
    >
      <img src="/favicon.svg" width={28} height={28} alt="" />
      {t('brand')}
    </Link>
  );
}
