/**
 * The controls of the sign-in forms, as plain elements styled by auth.css to match the console's
 * antd theme (large inputs, radius 8, the primary colour, the error red), with antd's ids, labels
 * and test ids so the pages read and test as before.
 */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconName } from './icons';
import { EMAIL_CODE_LENGTH } from '@cloudbay/contracts/core';
import { useSendCode } from '../features/account/use-send-code';
import type { Captcha } from './api';
import { Icon } from './icon';

interface FieldProps {
  /** The control's id, which the label points at. */
  id: string;
  label: string;
  errors?: string[];
  /** A hint under the control (antd `extra`). */
  extra?: string;
  children: ReactNode;
}

/** A labelled form row: the control, its error messages, its hint. */
export function Field({ id, label, errors = [], extra, children }: FieldProps) {
  return (
    <div className={errors.length ? 'auth-field auth-field-error' : 'auth-field'}>
      <label className="auth-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {errors.length ? (
        <div className="auth-explain" role="alert">
          {errors.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </div>
      ) : null}
      {extra ? <div className="auth-extra">{extra}</div> : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'prefix'> & {
  id: string;
  value: string;
  onChange: (value: string) => void;
  prefix?: IconName;
  invalid?: boolean;
  suffix?: ReactNode;
};

/** antd's large <Input> with a prefix icon. */
export function TextInput({ prefix, invalid, suffix, onChange, className, ...input }: InputProps) {
  return (
    <span className={`auth-input${invalid ? ' auth-input-error' : ''}${className ? ` ${className}` : ''}`}>
      {prefix ? (
        <span className="auth-input-prefix">
          <Icon name={prefix} />
        </span>
      ) : null}
      <input
        type="text"
        {...input}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {suffix}
    </span>
  );
}

/** antd's <Input.Password>: the eye shows or hides what was typed. */
export function PasswordInput(props: InputProps) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="auth-input-suffix"
          aria-label={t(visible ? 'field.hidePassword' : 'field.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          <Icon name={visible ? 'eye' : 'eyeInvisible'} />
        </button>
      }
    />
  );
}

interface ButtonProps {
  children: ReactNode;
  primary?: boolean;
  loading?: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  onClick?: () => void;
  testId?: string;
  className?: string;
}

/** antd writes a two-character Chinese label with a space between ("登 录"); so do these buttons. */
function spacedCjk(children: ReactNode): ReactNode {
  return typeof children === 'string' && /^[\u4e00-\u9fa5]{2}$/.test(children)
    ? children.split('').join(' ')
    : children;
}

/** antd's large <Button>, busy with a spinner while `loading`. */
export function Button({
  children,
  primary,
  loading,
  disabled,
  type = 'button',
  onClick,
  testId,
  className,
}: ButtonProps) {
  const classes = [
    'auth-button',
    primary ? 'auth-button-primary' : '',
    loading ? 'auth-button-loading' : '',
    className ?? '',
  ];
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={(event) => {
        // A busy button ignores clicks, as antd's does (and a submit must not go twice).
        if (loading) event.preventDefault();
        else onClick?.();
      }}
      data-testid={testId}
    >
      {loading ? <Icon name="loading" spin /> : null}
      <span>{spacedCjk(children)}</span>
    </button>
  );
}

/** antd's <Alert showIcon> for the success and warning notices. */
export function Alert({ type, children }: { type: 'success' | 'warning'; children: ReactNode }) {
  return (
    <div className={`auth-alert auth-alert-${type}`} role="alert">
      <span className={`auth-tone-${type}`}>
        <Icon name={type === 'success' ? 'checkCircle' : 'exclamationCircle'} />
      </span>
      <div>{children}</div>
    </div>
  );
}

interface CaptchaFieldProps {
  captcha: Captcha | undefined;
  loading: boolean;
  onRefresh: () => void;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  required?: boolean;
}

/** The typed answer beside the captcha image; a click on the image fetches another one. */
export function CaptchaField({
  captcha,
  loading,
  onRefresh,
  value,
  onChange,
  errors,
  required,
}: CaptchaFieldProps) {
  const { t } = useTranslation('account');
  return (
    <Field id="code" label={t('field.captcha')} errors={errors}>
      <div className="auth-row">
        <TextInput
          id="code"
          value={value}
          onChange={onChange}
          prefix="safety"
          placeholder={t('field.captchaPlaceholder')}
          autoComplete="off"
          maxLength={10}
          required={required}
          invalid={Boolean(errors?.length)}
          data-testid="captcha-input"
        />
        <button
          type="button"
          className="auth-captcha"
          onClick={onRefresh}
          disabled={loading}
          title={t('field.captchaRefresh')}
          aria-label={t('field.captchaRefresh')}
          data-testid="captcha-refresh"
        >
          {loading ? (
            <span role="status" aria-label={t('field.captchaLoading')} className="auth-captcha-placeholder">
              <Icon name="loading" spin />
            </span>
          ) : captcha ? (
            <img src={captcha.img} width={120} height={38} alt={t('field.captcha')} />
          ) : (
            // The image could not load (the request client said why): a click tries again.
            <span className="auth-captcha-placeholder" data-testid="captcha-failed">
              <Icon name="reload" />
            </span>
          )}
        </button>
      </div>
    </Field>
  );
}

interface EmailCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  /** See useSendCode. */
  onSend: () => Promise<number | null>;
}

/** The e-mail code (field `email_code`) with its send button and countdown beside it. */
export function EmailCodeField({ value, onChange, errors, onSend }: EmailCodeFieldProps) {
  const { t } = useTranslation('account');
  const { label, sending, waiting, send } = useSendCode(onSend);
  return (
    <Field id="email_code" label={t('field.emailCode')} errors={errors}>
      <div className="auth-row">
        <TextInput
          id="email_code"
          value={value}
          onChange={onChange}
          prefix="number"
          placeholder={t('field.emailCodePlaceholder')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={EMAIL_CODE_LENGTH}
          invalid={Boolean(errors?.length)}
          data-testid="email-code-input"
        />
        <Button
          onClick={send}
          loading={sending}
          disabled={waiting}
          testId="send-code"
          className="auth-send-code"
        >
          {label}
        </Button>
      </div>
    </Field>
  );
}
