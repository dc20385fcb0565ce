import type { ReactNode } from 'react';
import { Alert, Button, Card, Flex, Skeleton, Tag, theme } from 'antd';
import { DesktopOutlined, GiftOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import type { FreeResourceApplication, GiftOffer } from '@cloudbay/contracts';
import { GIFT_PAGE_PATH } from '@cloudbay/contracts/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLink } from '../../components/brand-link';
import { LanguageSwitch } from '../../components/language-switch';
import { HOME_PATH, loginPathFor } from '../../lib/access-rule';
import { lazyPart } from '../../lib/lazy-part';
import { getToken } from '../../lib/storage';
import { formatDateTime } from '../../lib/format-time';
import { TOPUPS_PATH } from '../wallet/paths';
import { useGiftOffer, useLatestTrial } from './gift-api';
import styles from './gift-page.module.css';

/** The apply form (antd Form, Select) loads only for a signed-in visitor who may apply. */
const TrialApplyForm = lazyPart(() => import('./trial-apply-form'), 'TrialApplyForm');

const DESKTOPS_PATH = '/cloud/cloudLis';
const BUY_PATH = '/cloud/buy';
const REFERRAL_PATH = '/user/pullnew';

function OfferCard({
  icon,
  figure,
  title,
  text,
  testId,
}: {
  icon: ReactNode;
  figure: string | undefined;
  title: string;
  text: string;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Card className={styles.offer} data-testid={testId}>
      <Flex vertical gap="small">
        <Flex align="center" gap="small" style={{ color: token.colorPrimary, fontSize: 22 }}>
          {icon}
          <span className={styles.figure} data-testid={`${testId}-figure`}>
            {figure ?? <Skeleton.Button active size="small" />}
          </span>
        </Flex>
        <strong style={{ fontSize: token.fontSizeLG, color: token.colorTextHeading }}>{title}</strong>
        <span style={{ color: token.colorTextSecondary }}>{text}</span>
      </Flex>
    </Card>
  );
}

const STATUS_COLOR: Record<FreeResourceApplication['status'], string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** The customer's latest application: its status, and the reason of a rejection. */
function ApplicationStatus({ application }: { application: FreeResourceApplication }) {
  const { t } = useTranslation('giftPage');
  const text =
    application.status === 'pending'
      ? t('status.pendingText')
      : application.status === 'approved'
        ? [
            t('status.approvedText', { desktop: application.desktop_id ?? '' }),
            application.expires_at
              ? t('status.approvedEnds', { time: formatDateTime(application.expires_at) })
              : '',
          ].join(' ')
        : t('status.rejectedText', { reason: application.reason ?? '' });
  return (
    <Card
      title={t('status.title')}
      extra={
        <Tag
          color={STATUS_COLOR[application.status]}
          data-testid="gift-status"
          style={{ marginInlineEnd: 0 }}
        >
          {t(`status.${application.status}`)}
        </Tag>
      }
      data-testid="gift-application"
    >
      <Flex vertical gap="small">
        <span data-testid="gift-status-text">{text}</span>
        <span style={{ opacity: 0.65 }}>
          {t('status.applied', { time: formatDateTime(application.created_at) })}
        </span>
        {application.status === 'rejected' ? <span>{t('status.reapply')}</span> : null}
        {application.status === 'approved' ? (
          <Link to={DESKTOPS_PATH}>
            <Button type="primary" data-testid="gift-open-desktops">
              {t('status.open')}
            </Button>
          </Link>
        ) : null}
      </Flex>
    </Card>
  );
}

function ApplySection() {
  const { t } = useTranslation('giftPage');
  const latest = useLatestTrial(true);
  if (latest.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (latest.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={<Button onClick={() => void latest.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const application = latest.data;
  // One trial per account: a form only before the first application or after a rejection.
  const canApply = application === null || application.status === 'rejected';
  return (
    <div className={styles.apply}>
      {canApply ? (
        <Card title={t('form.title')} data-testid="gift-apply">
          <TrialApplyForm fallback={<Skeleton active paragraph={{ rows: 4 }} />} />
        </Card>
      ) : null}
      {application ? <ApplicationStatus application={application} /> : null}
    </div>
  );
}

/**
 * /user/gif (spec §2, open without login): the gift page — the free 24-hour trial, the first
 * top-up bonus and the referral reward, each figure from its setting (GET /gift_offer) — and the
 * way in: a signed-in customer applies for the trial here and follows the application; a visitor
 * is sent to sign up or log in, returning here.
 */
export function GiftPage() {
  const { t } = useTranslation('giftPage');
  const { token } = theme.useToken();
  const signedIn = getToken() !== null;
  const offer = useGiftOffer();
  const figures: Partial<GiftOffer> = offer.data ?? {};
  const hours = figures.trial_hours ?? 24;

  return (
    <div className={styles.page} style={{ background: token.colorBgLayout }} data-testid="page-gift">
      <header className={styles.header} style={{ background: token.colorBgContainer }}>
        <BrandLink to={signedIn ? HOME_PATH : GIFT_PAGE_PATH} />
        <Flex align="center" gap="small">
          <LanguageSwitch labelClassName={styles.narrowHidden} />
          <Link to={signedIn ? HOME_PATH : loginPathFor(GIFT_PAGE_PATH)}>
            <Button data-testid="gift-console">{t(signedIn ? 'cta.console' : 'cta.login')}</Button>
          </Link>
        </Flex>
      </header>
      <section className={styles.hero}>
        <Flex vertical gap="middle">
          <span className={styles.kicker}>
            <GiftOutlined /> {t('kicker')}
          </span>
          <h1 className={styles.title}>{t('title', { hours })}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </Flex>
      </section>
      <section className={styles.section}>
        <div className={styles.offers}>
          <OfferCard
            testId="gift-offer-trial"
            icon={<DesktopOutlined />}
            figure={offer.data ? `${hours}h` : undefined}
            title={t('offers.trial.title', { hours })}
            text={t('offers.trial.text')}
          />
          <OfferCard
            testId="gift-offer-bonus"
            icon={<WalletOutlined />}
            figure={figures.first_recharge_bonus_percent && `${figures.first_recharge_bonus_percent}%`}
            title={t('offers.bonus.title', { percent: figures.first_recharge_bonus_percent ?? '' })}
            text={t('offers.bonus.text', { percent: figures.first_recharge_bonus_percent ?? '' })}
          />
          <OfferCard
            testId="gift-offer-referral"
            icon={<TeamOutlined />}
            figure={figures.referral_reward_percent && `${figures.referral_reward_percent}%`}
            title={t('offers.referral.title', { percent: figures.referral_reward_percent ?? '' })}
            text={t('offers.referral.text', { percent: figures.referral_reward_percent ?? '' })}
          />
        </div>
        {offer.isError ? (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            title={t('loadFailed')}
            action={<Button onClick={() => void offer.refetch()}>{t('retry')}</Button>}
          />
        ) : null}
      </section>
      <section className={styles.section} style={{ paddingTop: 0 }}>
        {signedIn ? (
          <Flex vertical gap="middle">
            <ApplySection />
            <Flex gap="small" wrap>
              <Link to={TOPUPS_PATH}>
                <Button data-testid="gift-topup">{t('cta.topup')}</Button>
              </Link>
              <Link to={BUY_PATH}>
                <Button data-testid="gift-buy">{t('cta.buy')}</Button>
              </Link>
              <Link to={REFERRAL_PATH}>
                <Button data-testid="gift-referral">{t('cta.referral')}</Button>
              </Link>
            </Flex>
          </Flex>
        ) : (
          <Card data-testid="gift-signed-out">
            <Flex vertical align="center" gap="middle">
              <span style={{ color: token.colorTextSecondary, textAlign: 'center' }}>{t('signedOut')}</span>
              <Flex gap="small" wrap justify="center">
                <a href="/register">
                  <Button type="primary" size="large" data-testid="gift-register">
                    {t('cta.register')}
                  </Button>
                </a>
                <Link to={loginPathFor(GIFT_PAGE_PATH)}>
                  <Button size="large" data-testid="gift-login">
                    {t('cta.login')}
                  </Button>
                </Link>
              </Flex>
            </Flex>
          </Card>
        )}
      </section>
    </div>
  );
}
