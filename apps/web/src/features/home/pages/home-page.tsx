import { Flex, Tag, theme } from 'antd';
import { CloudServerOutlined, DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch';
import { StandalonePage } from '../../../components/standalone-page';

const PRODUCTS = [
  { key: 'desktop', icon: <DesktopOutlined /> },
  { key: 'phone', icon: <MobileOutlined /> },
  { key: 'network', icon: <CloudServerOutlined /> },
] as const;

/**
 * The public home at /index; the console shell replaces it once the login flow exists. Headings
 * are styled from theme tokens rather than antd Typography, whose editing and ellipsis features
 * would triple the size of the first page a visitor downloads.
 */
export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const { token } = theme.useToken();
  return (
    <StandalonePage testId="page-home" extra={<LanguageSwitch />} tinted>
      <Flex vertical align="center" gap="large" style={{ maxWidth: 560, textAlign: 'center' }}>
        <img src="/favicon.svg" width={72} height={72} alt="" />
        <Flex vertical gap="small">
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading1,
              lineHeight: token.lineHeightHeading1,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {t('common:brand')}
          </h1>
          <p style={{ margin: 0, fontSize: token.fontSizeLG, color: token.colorTextSecondary }}>
            {t('tagline')}
          </p>
        </Flex>
        <Flex gap="small" wrap justify="center">
          {PRODUCTS.map(({ key, icon }) => (
            <Tag key={key} icon={icon} color="processing" variant="filled">
              {t(`products.${key}`)}
            </Tag>
          ))}
        </Flex>
      </Flex>
    </StandalonePage>
  );
}
