import { useEffect } from 'react';
import { Button, Flex, theme } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../components/standalone-page';
import { PageTitle } from '../components/page-title';

/**
 * Shown when a page throws or its code fails to load (typically a chunk removed by a new deploy):
 * a reload fetches the current build. It ships in the entry chunk, so it avoids antd's Result and
 * its illustrations, which only the error pages need.
 */
export function RouteErrorPage() {
  const { t } = useTranslation(['errors', 'common']);
  const { token } = theme.useToken();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <StandalonePage testId="page-error" brand>
      <Flex vertical align="center" gap="middle" style={{ maxWidth: 480, textAlign: 'center' }}>
        <WarningFilled style={{ fontSize: 64, color: token.colorWarning }} />
        <PageTitle>{t('crash.title')}</PageTitle>
        <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('crash.description')}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common:action.reload')}
        </Button>
      </Flex>
    </StandalonePage>
  );
}
