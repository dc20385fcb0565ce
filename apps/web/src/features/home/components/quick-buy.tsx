import type { ReactNode } from 'react';
import { Card, Col, Flex, Row, Tag, theme } from 'antd';
import { CloudServerOutlined, DesktopOutlined, MobileOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAvailablePath } from '../../../lib/available-routes';
import { SectionTitle } from './section-title';
import { IconTile } from '../../../components/icon-tile';

type ProductKey = 'desktop' | 'phone' | 'network';

/** The purchase pages of spec §2 (cloud computer, cloud phone, cloud network menus). */
const PRODUCTS: { key: ProductKey; icon: ReactNode; path: string }[] = [
  { key: 'desktop', icon: <DesktopOutlined />, path: '/cloud/buy' },
  { key: 'phone', icon: <MobileOutlined />, path: '/phone/buyph' },
  { key: 'network', icon: <CloudServerOutlined />, path: '/zqgl/officenetwork' },
];

function ProductIcon({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <IconTile size={44} iconSize={22} color={token.colorPrimary} background={token.colorPrimaryBg}>
      {children}
    </IconTile>
  );
}

function ProductCard({ product, available }: { product: (typeof PRODUCTS)[number]; available: boolean }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const card = (
    <Card hoverable={available} style={{ height: '100%' }} data-testid={`quick-buy-${product.key}`}>
      <Flex gap="middle" align="flex-start">
        <ProductIcon>{product.icon}</ProductIcon>
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Flex justify="space-between" align="center" gap={4} wrap>
            <h3
              style={{
                margin: 0,
                fontSize: token.fontSizeHeading5,
                fontWeight: token.fontWeightStrong,
                color: token.colorTextHeading,
              }}
            >
              {t(`products.${product.key}`)}
            </h3>
            {available ? (
              <span style={{ color: token.colorPrimary, whiteSpace: 'nowrap' }}>
                {t('quick.buy')} <RightOutlined style={{ fontSize: 10 }} />
              </span>
            ) : (
              <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
                {t('comingSoon')}
              </Tag>
            )}
          </Flex>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>
            {t(`productDescriptions.${product.key}`)}
          </p>
        </Flex>
      </Flex>
    </Card>
  );
  return available ? (
    <Link
      to={product.path}
      style={{ display: 'block', height: '100%' }}
      aria-label={t(`products.${product.key}`)}
    >
      {card}
    </Link>
  ) : (
    card
  );
}

/**
 * Shortcuts to the purchase pages this session has. Until any of them exists, the products are
 * shown as coming soon, so the home never links to a page that is not there.
 */
export function QuickBuy() {
  const { t } = useTranslation('home');
  const available = PRODUCTS.filter((product) => isAvailablePath(product.path));
  const shown = available.length ? available : PRODUCTS;
  return (
    <section data-testid="home-quick-buy">
      <SectionTitle>{t(available.length ? 'quick.title' : 'products.title')}</SectionTitle>
      <Row gutter={[24, 24]}>
        {shown.map((product) => (
          <Col key={product.key} xs={24} md={12} xl={8}>
            <ProductCard product={product} available={available.length > 0} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
