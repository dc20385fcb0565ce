import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../features/account/components/auth-layout.module.css';
import { LANGUAGE_CODES, currentLanguageCode, setLanguage } from '../lib/i18n';
import { Icon } from './icon';
import type { IconName } from './icons';
import { Link } from './navigation';

const FEATURES = [
  { key: 'desktop', icon: 'desktop' },
  { key: 'phone', icon: 'mobile' },
  { key: 'network', icon: 'cloudServer' },
] as const satisfies ReadonlyArray<{ key: string; icon: IconName }>;

/** The brand mark of public/favicon.svg, inline: no second request for the same picture. */
function Logo({ size, className }: { size: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#2395FF" />
      <path fill="#fff" d="M21 45h23.5a9 9 0 0 0 1.4-17.9A12.5 12.5 0 0 0 22.3 29 8 8 0 0 0 21 45z" />
    </svg>
  );
}

/** The zh / en menu of spec §2; choosing the other language saves it and reloads the page. */
function LanguageSwitch() {
  const { t } = useTranslation();
  const current = currentLanguageCode();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="auth-language" ref={box}>
      <button
        type="button"
        className="auth-text-button"
        aria-label={t('language.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="language-switch"
      >
        <Icon name="translation" />
        <span>{t(`language.${current}`)}</span>
      </button>
      {open ? (
        <ul className="auth-menu" role="menu">
          {LANGUAGE_CODES.map((code) => (
            <li
              key={code}
              role="menuitem"
              tabIndex={0}
              lang={code === 'zh' ? 'zh-CN' : 'en-US'}
              aria-current={code === current || undefined}
              className={code === current ? 'auth-menu-selected' : undefined}
              onClick={() => (code === current ? setOpen(false) : setLanguage(code))}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') event.currentTarget.click();
              }}
            >
              {t(`language.${code}`)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface AuthLayoutProps {
  /** Stable hook for tests (`page-login`…). */
  testId: string;
  title: string;
  subtitle: string;
  /** Under the card, e.g. the link to the other form. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of login, register and forget: a brand panel beside the form card, which stands alone under 992 px. */
export function AuthLayout({ testId, title, subtitle, footer, children }: AuthLayoutProps) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <div className={styles.page} data-testid={testId}>
      <aside className={styles.brandPanel}>
        <Link to="/login" className={styles.brandLink}>
          <Logo size={36} className={styles.brandLogo} />
          {t('common:brand')}
        </Link>
        <div className={styles.pitch}>
          <h2 className={styles.headline}>{t('brandPanel.headline')}</h2>
          <p className={styles.subline}>{t('brandPanel.subline')}</p>
          <ul className={styles.features}>
            {FEATURES.map(({ key, icon }) => (
              <li key={key} className={styles.feature}>
                <span className={styles.featureIcon}>
                  <Icon name={icon} />
                </span>
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
            <Logo size={28} />
            {t('common:brand')}
          </Link>
          <LanguageSwitch />
        </header>
        <main className={styles.center}>
          <section className={styles.card} aria-labelledby={`${testId}-title`}>
            <h1 id={`${testId}-title`} className={styles.title}>
              {title}
            </h1>
            <p className={styles.subtitle}>{subtitle}</p>
            {children}
          </section>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </main>
      </div>
    </div>
  );
}
