import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Flex, Row, Segmented, Select, Skeleton, Tag, theme } from 'antd';
import { AndroidOutlined, AppstoreOutlined, CodeOutlined, WalletOutlined } from '@ant-design/icons';
import type { PhoneSpecItem, PriceQuote } from '@cloudbay/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLink } from '../../../components/brand-link';
import { LanguageSwitch } from '../../../components/language-switch';
import { currentLanguage } from '../../../lib/i18n';
import { formatDollars } from '../../../lib/money';
import { hasDiscount, offRateFigure } from '../../../lib/off-rate';
import { regionName, usePhRegions } from '../../../lib/regions';
import { useCurrentUser } from '../../../lib/session';
import { getToken } from '../../../lib/storage';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { usePhoneSpecs, usePhoneTermQuotes, usePhoneUnitPrices } from '../api/phone-catalog';
import { buyTarget, consoleTarget } from './landing-targets';
import styles from './phone-landing-page.module.css';

/** The subscription term whose discounted monthly price each spec shows. */
const TERM_MONTHS = 12;

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="small" className={styles.feature}>
      <span
        className={styles.featureIcon}
        style={{ color: token.colorPrimary, background: token.colorPrimaryBg }}
      >
        {icon}
      </span>
      <strong style={{ fontSize: token.fontSizeLG, color: token.colorTextHeading }}>{title}</strong>
      <span style={{ color: token.colorTextSecondary }}>{text}</span>
    </Flex>
  );
}

/** Where Buy leads; undefined when the signed-in customer has no cloud phones (no Buy then). */
type BuyTarget = string | undefined;

function BuyButton({ to, testId, block }: { to: BuyTarget; testId: string; block?: boolean }) {
  const { t } = useTranslation('phoneLanding');
  if (to === undefined) return null;
  return (
    <Link to={to}>
      <Button type="primary" size={block ? 'middle' : 'large'} block={block} data-testid={testId}>
        {t('cta.buy')}
      </Button>
    </Link>
  );
}

function SpecCard({
  spec,
  term,
  buyTo,
}: {
  spec: PhoneSpecItem;
  term: PriceQuote | undefined;
  buyTo: BuyTarget;
}) {
  const { t } = useTranslation('phoneLanding');
  const { token } = theme.useToken();
  const discounted = term && hasDiscount(term.discount);
  return (
    <Card className={styles.spec} data-testid="landing-spec">
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" gap="small">
          <strong style={{ fontSize: token.fontSizeLG }} data-testid="landing-spec-name">
            {spec.name}
          </strong>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {spec.resolution}
          </Tag>
        </Flex>
        <span style={{ color: token.colorTextSecondary }}>
          {t('spec.shape', { cpu: spec.cpu, memory: spec.memory, disk: spec.disk })}
        </span>
        <Flex align="baseline" gap={4}>
          <span
            className={styles.price}
            style={{ color: token.colorPrimary }}
            data-testid="landing-spec-price"
          >
            {formatDollars(spec.price)}
          </span>
          <span style={{ color: token.colorTextSecondary }}>{t('spec.perMonth')}</span>
        </Flex>
        <Flex vertical gap={4} style={{ color: token.colorTextSecondary, minHeight: 44 }}>
          <span data-testid="landing-spec-hourly">
            {t('spec.hourly', { price: formatDollars(spec.hourly_price) })}
          </span>
          {discounted ? (
            <span data-testid="landing-spec-term">
              {t('spec.term', {
                months: TERM_MONTHS,
                price: formatDollars((Number(term.payable_price) / TERM_MONTHS).toFixed(2)),
              })}{' '}
              <Tag color="red" style={{ marginInlineEnd: 0 }}>
                {t('spec.off', { value: offRateFigure(term.discount, currentLanguage()) })}
              </Tag>
            </span>
          ) : null}
        </Flex>
        <BuyButton to={buyTo} testId="landing-spec-buy" block />
      </Flex>
    </Card>
  );
}

function Pricing({ buyTo }: { buyTo: BuyTarget }) {
  const { t } = useTranslation('phoneLanding');
  const { token } = theme.useToken();
  const regions = usePhRegions();
  const [chosen, setChosen] = useState<number>();
  const regionId = chosen ?? regions[0]?.id;
  const specs = usePhoneSpecs(regionId);
  const units = usePhoneUnitPrices(regionId);
  const narrow = useIsMobile();
  const regionChoice = {
    value: regionId,
    onChange: setChosen,
    options: regions.map((region) => ({ value: region.id, label: regionName(region) })),
    'aria-label': t('pricing.region'),
    'data-testid': 'landing-regions',
  };
  const list = specs.data ?? [];
  const terms = usePhoneTermQuotes(
    regionId,
    list.map((spec) => spec.spec_id),
    TERM_MONTHS,
  );

  return (
    <section id="pricing" className={styles.section} data-testid="landing-pricing">
      <Flex vertical gap="large">
        <Flex vertical gap={4} align="center">
          <h2 className={styles.heading}>{t('pricing.title')}</h2>
          <span style={{ color: token.colorTextSecondary, textAlign: 'center' }}>
            {t('pricing.subtitle')}
          </span>
        </Flex>
        {regions.length > 1 ? (
          <Flex justify="center">
            {/* Tabs of regions do not fit a phone's width: a select there. */}
            {narrow ? (
              <Select<number> {...regionChoice} className={styles.regionSelect} />
            ) : (
              <Segmented<number> {...regionChoice} />
            )}
          </Flex>
        ) : null}
        {specs.isError ? (
          <Flex vertical align="center" gap="small" data-testid="landing-pricing-error">
            <span style={{ color: token.colorTextSecondary }}>{t('pricing.loadFailed')}</span>
            <Button onClick={() => void specs.refetch()}>{t('pricing.retry')}</Button>
          </Flex>
        ) : list.length === 0 ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Row gutter={[16, 16]}>
            {list.map((spec, index) => (
              <Col key={spec.spec_id} xs={24} sm={12} xl={6}>
                <SpecCard spec={spec} term={terms[index]?.data} buyTo={buyTo} />
              </Col>
            ))}
          </Row>
        )}
        {units.data ? (
          <Card size="small" title={t('pricing.extras')} data-testid="landing-units">
            <Row gutter={[16, 8]}>
              {units.data.items.map((item) => (
                <Col key={item.key} xs={24} sm={12} lg={6}>
                  <Flex justify="space-between" gap="small">
                    <span style={{ color: token.colorTextSecondary }}>{t(`unit.${item.key}`)}</span>
                    <span>
                      {formatDollars(item.price)} / {item.unit}
                    </span>
                  </Flex>
                </Col>
              ))}
            </Row>
          </Card>
        ) : null}
      </Flex>
    </section>
  );
}

/**
 * The cloud phone landing page (spec §2 `/phone`, open without login): what cloud phones are, the
 * specs and prices of the public catalogue, and the way in: buying for a signed-in customer, the
 * login with a return to the purchase otherwise.
 */
export function PhoneLandingPage() {
  const { t } = useTranslation('phoneLanding');
  const { token } = theme.useToken();
  const signedIn = getToken() !== null;
  const { data: user } = useCurrentUser();
  // Cloud phones are opened per customer (ph_white_user): a signed-in customer without them is told
  // so instead of being sent to a purchase the server would refuse.
  const closed = signedIn && user !== undefined && user.ph_white_user !== 1;
  const buyTo = closed ? undefined : buyTarget(signedIn);
  const features = [
    { key: 'android', icon: <AndroidOutlined /> },
    { key: 'batch', icon: <AppstoreOutlined /> },
    { key: 'adb', icon: <CodeOutlined /> },
    { key: 'billing', icon: <WalletOutlined /> },
  ] as const;

  return (
    <div className={styles.page} style={{ background: token.colorBgLayout }} data-testid="page-phone-landing">
      <header className={styles.header} style={{ background: token.colorBgContainer }}>
        <BrandLink to={signedIn ? '/index' : '/phone'} />
        <Flex align="center" gap="small">
          <LanguageSwitch labelClassName={styles.narrowHidden} />
          <Link to={consoleTarget(signedIn)}>
            <Button data-testid="landing-console">{t(signedIn ? 'cta.console' : 'cta.login')}</Button>
          </Link>
        </Flex>
      </header>
      <section className={styles.hero}>
        <Flex vertical gap="middle" className={styles.heroText}>
          <span className={styles.kicker}>{t('hero.kicker')}</span>
          <h1 className={styles.title}>{t('hero.title')}</h1>
          <p className={styles.lead}>{t('hero.lead')}</p>
          {closed ? (
            <Alert type="warning" showIcon title={t('access.closed')} data-testid="landing-closed" />
          ) : null}
          <Flex gap="small" wrap>
            <BuyButton to={buyTo} testId="landing-buy" />
            <a href="#pricing">
              <Button size="large" ghost>
                {t('cta.pricing')}
              </Button>
            </a>
          </Flex>
        </Flex>
        <div className={styles.device} aria-hidden>
          <div className={styles.screen}>
            <span className={styles.clock}>09:41</span>
            <div className={styles.apps}>
              {Array.from({ length: 12 }, (_, index) => (
                <span key={index} />
              ))}
            </div>
          </div>
        </div>
      </section>
      <section className={styles.section}>
        <Row gutter={[24, 24]}>
          {features.map((feature) => (
            <Col key={feature.key} xs={24} sm={12} lg={6}>
              <Feature
                icon={feature.icon}
                title={t(`feature.${feature.key}.title`)}
                text={t(`feature.${feature.key}.text`)}
              />
            </Col>
          ))}
        </Row>
      </section>
      <Pricing buyTo={buyTo} />
      <section className={styles.closing} style={{ background: token.colorBgContainer }}>
        <Flex vertical align="center" gap="middle">
          <h2 className={styles.heading}>{t('closing.title')}</h2>
          <span style={{ color: token.colorTextSecondary, textAlign: 'center' }}>
            {t(closed ? 'access.closed' : signedIn ? 'closing.signedIn' : 'closing.signedOut')}
          </span>
          <BuyButton to={buyTo} testId="landing-buy-bottom" />
        </Flex>
      </section>
    </div>
  );
}
