import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../lib/access-rule';
import styles from './shell.module.css';

/** The logo and brand linking home: atop the sidebar, or in the header of the top and mixed layouts. */
export function ShellLogo({ dark, collapsed = false }: { dark: boolean; collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={HOME_PATH}
      className={styles.logo}
      data-dark={dark || undefined}
      data-collapsed={collapsed || undefined}
      aria-label={t('brand')}
      data-testid="shell-logo"
    >
      <img src="/favicon.svg" width={28} height={28} alt="" />
      {collapsed ? null : <span className={styles.logoText}>{t('brand')}</span>}
    </Link>
  );
}
