import { Card, Col, Flex, Row, Skeleton, Tag, theme } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import type { HotGoods as HotGoodsItem } from '@cloudbay/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { useHotGoods } from '../api/list-hot-goods';
import { contentTarget } from '../content-link';
import { ContentButton } from './content-link';
import { SectionTitle } from './section-title';

const COLUMNS = { xs: 24, md: 12, xl: 6 } as const;

function Price({ goods }: { goods: HotGoodsItem }) {
  const { token } = theme.useToken();
  return (
    <span style={{ color: token.colorTextSecondary }} data-testid={`hot-goods-price-${goods.id}`}>
      <Trans
        ns="home"
        i18nKey="hot.price"
        values={{ price: goods.price, unit: goods.price_unit }}
        components={{
          price: (
            <strong
              style={{
                color: token.colorError,
                fontSize: token.fontSizeHeading4,
                fontWeight: token.fontWeightStrong,
              }}
            />
          ),
        }}
      />
    </span>
  );
}

/** One featured product as customers see it (also the operators' preview). */
export function GoodsCard({ goods }: { goods: HotGoodsItem }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const target = contentTarget(goods.link);
  return (
    <Card
      // A column, so the body fills what the cover leaves and every card's price row lines up.
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column' } }}
      cover={
        goods.image ? <img src={goods.image} alt="" style={{ height: 140, objectFit: 'cover' }} /> : undefined
      }
      data-testid={`hot-goods-${goods.id}`}
    >
      <Flex vertical gap="small" style={{ flex: 1 }}>
        <Flex justify="space-between" align="flex-start" gap="small" wrap>
          <h3
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading5,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
              // Not `word-break`: that would let the name shrink to nothing before the tag wraps.
              overflowWrap: 'break-word',
            }}
          >
            {goods.name}
          </h3>
          {goods.tag ? (
            <Tag color="red" variant="filled" style={{ marginInlineEnd: 0, flex: 'none' }}>
              {goods.tag}
            </Tag>
          ) : null}
        </Flex>
        <p style={{ margin: 0, color: token.colorTextSecondary, flex: 1 }}>{goods.description}</p>
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Price goods={goods} />
          {target ? (
            <ContentButton
              target={target}
              type="primary"
              icon={<ShoppingCartOutlined />}
              data-testid={`hot-goods-buy-${goods.id}`}
            >
              {t('hot.buy')}
            </ContentButton>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}

/** Featured products (GET /hot_goods) with their starting price; nothing when none is featured. */
export function HotGoods() {
  const { t } = useTranslation('home');
  const { data: goods, isPending } = useHotGoods();
  if (!isPending && !goods?.length) return null;
  return (
    <section data-testid="home-hot-goods">
      <SectionTitle>{t('hot.title')}</SectionTitle>
      <Row gutter={[24, 24]}>
        {isPending
          ? [0, 1, 2, 3].map((key) => (
              <Col key={key} {...COLUMNS}>
                <Card>
                  <Skeleton active />
                </Card>
              </Col>
            ))
          : goods.map((item) => (
              <Col key={item.id} {...COLUMNS}>
                <GoodsCard goods={item} />
              </Col>
            ))}
      </Row>
    </section>
  );
}
