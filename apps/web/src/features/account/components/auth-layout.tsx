import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { CloudServerOutlined, DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch';
import styles from './auth-layout.module.css';

/** Tighter than antd's default vertical form: the register form stays within one screen's height. */
const FORM_THEME: ThemeConfig = {
  components: { Form: { verticalLabelPadding: '0 0 6px', itemMarginBottom: 20 } },
};

const FEATURES = [
  { key: 'desktop', icon: <DesktopOutlined /> },
  { key: 'phone', icon: <MobileOutlined /> },
  { key: 'network', icon: <CloudServerOutlined /> },
] as const;

interface AuthLayoutProps {
  /** Stable hook for tests (`page-login`…). */
  testId: string;
  title: string;
  subtitle: string;
  /** Under the card, e.g. the link to the other form. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of login, register and forget: a brand panel beside the form card, which stands alone
 * under 992 px. Headings are plain elements styled by the module, not antd Typography, to keep the
 * first page a visitor downloads small.
 */
export function AuthLayout({ testId, title, subtitle, footer, children }: AuthLayoutProps) {
  const { t } = useTranslation(['account', 'common']);
  const brand = (
    <>
      <img src="/favicon.svg" width={28} height={28} alt="" />
      {t('common:brand')}
    </>
  );

  return (
    <div className={styles.page} data-testid={testId}>
      <aside className={styles.brandPanel}>
        <Link to="/login" className={styles.brandLink}>
          <img className={styles.brandLogo} src="/favicon.svg" width={36} height={36} alt="" />
          {t('common:brand')}
        </Link>
        <div className={styles.pitch}>
          <h2 className={styles.headline}>{t('brandPanel.headline')}</h2>
          <p className={styles.subline}>{t('brandPanel.subline')}</p>
          <ul className={styles.features}>
            {FEATURES.map(({ key, icon }) => (
              <li key={key} className={styles.feature}>
                <span className={styles.featureIcon}>{icon}</span>
                {t(`brandPanel.features.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <small className={styles.panelFooter}>{t('brandPanel.footer')}</small>
      </aside>

      <div className={styles.main}>
        <header className={styles.topBar}>
          <Link to="/login" className={styles.compactBrand}>
            {brand}
          </Link>
          <LanguageSwitch />
        </header>
        <main className={styles.center}>
          <section className={styles.card} aria-labelledby={`${testId}-title`}>
            <h1 id={`${testId}-title`} className={styles.title}>
              {title}
            </h1>
            <p className={styles.subtitle}>{subtitle}</p>
            <ConfigProvider theme={FORM_THEME}>{children}</ConfigProvider>
          </section>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </main>
      </div>
    </div>
  );
}
