import { useEffect, useRef } from 'react';
import { Flex, Form, Input, Tooltip, theme, type FormRule } from 'antd';
import { LoadingOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../api/get-captcha';

interface CaptchaFieldProps {
  captcha: Captcha | undefined;
  loading: boolean;
  onRefresh: () => void;
  /** None when the image code is checked by hand (it guards sending a code, not the submit). */
  rules?: FormRule[];
  /** The form field holding the typed answer. */
  name?: string;
}

const IMAGE_WIDTH = 120;

/** The typed answer beside the captcha image; a click on the image fetches another one. */
export function CaptchaField({ captcha, loading, onRefresh, rules, name = 'code' }: CaptchaFieldProps) {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  const form = Form.useFormInstance();
  const height = token.controlHeightLG - 2;
  const uuid = captcha?.uuid;
  // An answer belongs to one image: a new image that replaces an earlier one (refresh, expiry)
  // starts with an empty field. The first image keeps what was typed while it loaded.
  const shownUuid = useRef<string | undefined>(undefined);
  useEffect(() => {
    const replaced = shownUuid.current !== undefined && uuid !== shownUuid.current;
    if (uuid) shownUuid.current = uuid;
    // Only a typed answer: clearing an empty field would also drop an error shown under it.
    if (replaced && uuid && form.getFieldValue(name)) form.setFieldValue(name, '');
  }, [form, name, uuid]);
  return (
    <Form.Item label={t('field.captcha')} required={Boolean(rules)}>
      <Flex gap="small">
        <Form.Item name={name} rules={rules} noStyle>
          <Input
            prefix={<SafetyCertificateOutlined />}
            placeholder={t('field.captchaPlaceholder')}
            autoComplete="off"
            maxLength={10}
            data-testid="captcha-input"
          />
        </Form.Item>
        <Tooltip title={t('field.captchaRefresh')}>
          <button
            type="button"
            onClick={onRefresh}
            disabled={loading}
            aria-label={t('field.captchaRefresh')}
            data-testid="captcha-refresh"
            style={{
              flex: 'none',
              display: 'inline-flex',
              padding: 0,
              overflow: 'hidden',
              border: `${token.lineWidth}px solid ${token.colorBorder}`,
              borderRadius: token.borderRadiusLG,
              background: token.colorBgContainer,
              cursor: loading ? 'progress' : 'pointer',
            }}
          >
            {captcha && !loading ? (
              <img src={captcha.img} width={IMAGE_WIDTH} height={height} alt={t('field.captcha')} />
            ) : (
              <span
                role="status"
                aria-label={t('field.captchaLoading')}
                style={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  width: IMAGE_WIDTH,
                  height,
                  color: token.colorTextQuaternary,
                  background: token.colorFillTertiary,
                }}
              >
                <LoadingOutlined />
              </span>
            )}
          </button>
        </Tooltip>
      </Flex>
    </Form.Item>
  );
}
