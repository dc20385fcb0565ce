/**
 * /phoneconnet (spec §2, open without login): the phone connection list. Opened with a handed-over
 * session in the query (token, loginToken, isSon, as /moneryContro takes them; the route's loader
 * stores it and drops it from the address), or with the console's own session; without either it
 * asks the visitor to sign in.
 */
import { Button, Flex, Result, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandLink } from '../../../components/brand-link';
import { LanguageSwitch } from '../../../components/language-switch';
import { loginPathFor } from '../../../lib/access-rule';
import { getToken } from '../../../lib/storage';
import { PHONE_CONNECT_PATH } from './route';
import { RunningPhones } from './running-phones';

export function PhoneConnectPage() {
  const { t } = useTranslation('phoneConnect');
  const { token } = theme.useToken();
  const signedIn = getToken() !== null;

  return (
    <Flex
      vertical
      data-testid="page-phone-connect"
      style={{ minHeight: '100vh', background: token.colorBgLayout }}
    >
      <Flex
        component="header"
        justify="space-between"
        align="center"
        gap="small"
        style={{
          minHeight: token.controlHeightLG + token.paddingSM * 2,
          padding: `0 ${token.padding}px`,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <BrandLink />
        <LanguageSwitch />
      </Flex>
      <Flex
        component="main"
        vertical
        gap="middle"
        style={{
          padding: token.padding,
          width: '100%',
          maxWidth: 1400,
          margin: '0 auto',
          boxSizing: 'border-box',
        }}
      >
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
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
      </Flex>
    </Flex>
  );
}
