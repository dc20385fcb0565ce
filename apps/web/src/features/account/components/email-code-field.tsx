import { Flex, Form, Input } from 'antd';
import { NumberOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMAIL_CODE_LENGTH } from '@cloudbay/contracts/core';
import { emailCodeRules } from '../form-rules';
import { SendCodeButton } from './send-code-button';

interface EmailCodeFieldProps {
  /** See SendCodeButton. */
  onSend: () => Promise<number | null>;
  size?: 'middle' | 'large';
}

/** The e-mail code (form field `email_code`) with its send button beside it. */
export function EmailCodeField({ onSend, size }: EmailCodeFieldProps) {
  const { t } = useTranslation('account');
  return (
    <Form.Item label={t('field.emailCode')} required>
      <Flex gap="small">
        <Form.Item name="email_code" rules={emailCodeRules(t)} noStyle>
          <Input
            prefix={<NumberOutlined />}
            placeholder={t('field.emailCodePlaceholder')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={EMAIL_CODE_LENGTH}
            data-testid="email-code-input"
          />
        </Form.Item>
        <SendCodeButton onSend={onSend} size={size} />
      </Flex>
    </Form.Item>
  );
}
