import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch';
import { StandalonePage } from '../../../components/standalone-page';

/** Every path no route matches. */
export function NotFoundPage() {
  const { t } = useTranslation(['errors', 'common']);
  const navigate = useNavigate();
  return (
    <StandalonePage testId="page-not-found" brand extra={<LanguageSwitch />}>
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={() => void navigate('/index')}>
            {t('common:action.backHome')}
          </Button>
        }
      />
    </StandalonePage>
  );
}
