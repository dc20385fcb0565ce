/**
 * /phoneconnet (spec §2, open without login): the phone connection list. Opened with a handed-over
 * session in the query (token, loginToken, isSon, as /moneryContro takes them; the route's loader
 * stores it and drops it from the address), or with the console's own session; without either it
 * asks the visitor to sign in.
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { OpenPageFrame } from '../../../components/open-page-frame';
import { loginPathFor } from '../../../lib/access-rule';
import { getToken } from '../../../lib/storage';
import { PHONE_CONNECT_PATH } from './route';
import { RunningPhones } from './running-phones';

export function PhoneConnectPage() {
  const { t } = useTranslation('phoneConnect');
  const signedIn = getToken() !== null;

  return (
    <OpenPageFrame testId="page-phone-connect" title={t('title')} subtitle={t('subtitle')}>
      {signedIn ? (
        <RunningPhones />
      ) : (
        <Result
          status="info"
          title={t('signIn.title')}
          subTitle={t('signIn.hint')}
          data-testid="phone-connect-sign-in"
          extra={
            <Button type="primary" href={loginPathFor(PHONE_CONNECT_PATH)}>
              {t('signIn.button')}
            </Button>
          }
        />
      )}
    </OpenPageFrame>
  );
}
