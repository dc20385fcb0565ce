import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch';
import { StandalonePage } from '../../../components/standalone-page';

/** /401: where the console sends a user who may not see a page. */
export function UnauthorizedPage() {
  const { t } = useTranslation(['errors', 'common']);
  const navigate = useNavigate();
  // The router marks the page the tab opened on with key 'default': there is nothing in-app to go back to.
  const canGoBack = useLocation().key !== 'default';
  return (
    <StandalonePage testId="page-unauthorized" brand extra={<LanguageSwitch />}>
      <Result
        status="403"
        title="401"
        subTitle={t('unauthorized.description')}
        extra={[
          <Button key="back" onClick={() => void (canGoBack ? navigate(-1) : navigate('/index'))}>
            {t('common:action.goBack')}
          </Button>,
          <Button key="home" type="primary" onClick={() => void navigate('/index')}>
            {t('common:action.backHome')}
          </Button>,
        ]}
      />
    </StandalonePage>
  );
}
