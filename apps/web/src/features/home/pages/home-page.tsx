import { Card, Col, Flex, Row, Tag, theme } from 'antd';
import { CloudServerOutlined, DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayName, useCurrentUser } from '../../../lib/session';
import { PageTitle } from '../../../components/page-title';

const PRODUCTS = [
  { key: 'desktop', icon: <DesktopOutlined /> },
  { key: 'phone', icon: <MobileOutlined /> },
  { key: 'network', icon: <CloudServerOutlined /> },
] as const;

/**
 * /index, the home and login landing: a greeting with the balance and the products to come. The
 * console shell replaces it with the dashboard.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const { data: user } = useCurrentUser();

  return (
    <Flex vertical gap="large" data-testid="page-home">
      <Card>
        <Flex justify="space-between" align="center" gap="large" wrap>
          <Flex vertical gap="small" style={{ flex: '1 1 320px', minWidth: 0 }}>
            <PageTitle style={{ wordBreak: 'break-word' }} testId="home-greeting">
              {t('greeting', { name: displayName(user) })}
            </PageTitle>
            <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('tagline')}</p>
          </Flex>
          <Flex vertical gap={4} style={{ flex: 'none' }}>
            <span style={{ color: token.colorTextSecondary }}>{t('balance')}</span>
            <span
              style={{
                fontSize: token.fontSizeHeading2,
                lineHeight: token.lineHeightHeading2,
                fontWeight: token.fontWeightStrong,
                color: token.colorTextHeading,
              }}
            >
              ${user?.balance ?? '0.00'}
            </span>
            <Link to="/user/profile">{t('profileLink')}</Link>
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[24, 24]}>
        {PRODUCTS.map(({ key, icon }) => (
          <Col key={key} xs={24} md={8}>
            <Card style={{ height: '100%' }}>
              <Flex vertical gap="small">
                <Flex justify="space-between" align="center">
                  <span
                    style={{
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      width: 44,
                      height: 44,
                      borderRadius: token.borderRadiusLG,
                      fontSize: 22,
                      color: token.colorPrimary,
                      background: token.colorPrimaryBg,
                    }}
                  >
                    {icon}
                  </span>
                  <Tag variant="filled">{t('comingSoon')}</Tag>
                </Flex>
                <h2
                  style={{
                    margin: `${token.marginXS}px 0 0`,
                    fontSize: token.fontSizeHeading5,
                    fontWeight: token.fontWeightStrong,
                    color: token.colorTextHeading,
                  }}
                >
                  {t(`products.${key}`)}
                </h2>
                <p style={{ margin: 0, color: token.colorTextSecondary }}>
                  {t(`productDescriptions.${key}`)}
                </p>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
