import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  commonPasswordProblem,
  confirmProblem,
  emailCodeProblem,
  emailProblem,
  newPasswordProblem,
} from '../../features/account/validators';
import { CaptchaField, EmailCodeField, Field, PasswordInput, TextInput } from '../fields';
import type { IconName } from '../icons';
import { navigate, type LoginPageState } from '../navigation';
import { showServerFieldErrors, type useCaptcha } from '../use-captcha';
import { bind, type Checks, type FormState, type Values } from '../use-form';

/**
 * Runs a form's submit and says whether it is still running, for the submit button's busy state.
 * The action handles its own failures.
 */
export function usePending(action: () => Promise<void>): [(event: FormEvent) => void, boolean] {
  const [pending, setPending] = useState(false);
  const run = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    void action().finally(() => setPending(false));
  };
  return [run, pending];
}

/**
 * The submit of a form that ends on the login page (register, forget): checks the form, sends it,
 * shows the server's field errors under their inputs, or hands the e-mail and `notice` to /login.
 */
export function useSubmitToLogin<V extends { email: string } & Values>(
  form: FormState<V>,
  send: (values: V, email: string) => Promise<unknown>,
  notice: NonNullable<LoginPageState['notice']>,
): [(event: FormEvent) => void, boolean] {
  return usePending(async () => {
    const values = await form.validate();
    if (!values) return;
    const email = values.email.trim();
    try {
      await send(values, email);
    } catch (error) {
      showServerFieldErrors(form, error);
      return;
    }
    navigate('/login', { email, notice });
  });
}

type FieldName<V extends Values> = keyof V & string;

interface FormFieldProps<V extends Values> {
  form: FormState<V>;
  name: FieldName<V>;
  label: string;
  prefix: IconName;
  placeholder: string;
  autoComplete: string;
  password?: boolean;
  extra?: string;
  inputMode?: 'email' | 'numeric';
  maxLength?: number;
}

/** A labelled input of a sign-in form, bound to its field (id = field name). */
export function FormField<V extends Values>({
  form,
  name,
  label,
  password,
  extra,
  ...input
}: FormFieldProps<V>) {
  const Input = password ? PasswordInput : TextInput;
  return (
    <Field id={name} label={label} errors={form.errors[name]} extra={extra}>
      <Input {...bind(form, name)} {...input} />
    </Field>
  );
}

/** The e-mail field of the sign-in forms. */
export function EmailField<V extends { email: string } & Values>({
  form,
  autoComplete = 'username',
}: {
  form: FormState<V>;
  autoComplete?: 'username' | 'email';
}) {
  const { t } = useTranslation('account');
  return (
    <FormField
      form={form}
      name="email"
      label={t('field.email')}
      prefix="mail"
      placeholder={t('field.emailPlaceholder')}
      autoComplete={autoComplete}
      inputMode="email"
    />
  );
}

/** The image code of a sign-in form (field `code`), beside its image. */
export function FormCaptchaField<V extends { code: string } & Values>({
  form,
  captcha,
}: {
  form: FormState<V>;
  captcha: ReturnType<typeof useCaptcha>;
}) {
  return (
    <CaptchaField
      captcha={captcha.captcha}
      loading={captcha.loading}
      onRefresh={captcha.refresh}
      value={form.values.code}
      onChange={(value) => form.change('code', value)}
      errors={form.errors.code}
    />
  );
}

/** The e-mailed code of a sign-in form (field `email_code`) with its send button. */
export function FormEmailCodeField<V extends { email_code: string } & Values>({
  form,
  onSend,
}: {
  form: FormState<V>;
  onSend: () => Promise<number | null>;
}) {
  return (
    <EmailCodeField
      value={form.values.email_code}
      onChange={(value) => form.change('email_code', value)}
      errors={form.errors.email_code}
      onSend={onSend}
    />
  );
}

type PasswordForm = { password: string; confirm: string } & Values;
type NewAccountForm = { email: string; email_code: string } & PasswordForm;

/**
 * The checks of the forms that set a password with an e-mailed code (register, forget): e-mail,
 * code, the new password (the common-password check lazily, after the rule) and its confirmation.
 */
export function newPasswordChecks<V extends NewAccountForm>(t: TFunction<'account'>): Checks<V> {
  return {
    email: (value) => emailProblem(t, value),
    email_code: (value) => emailCodeProblem(t, value),
    password: async (value) => newPasswordProblem(t, value) ?? (await commonPasswordProblem(t, value)),
    confirm: (value, values) => confirmProblem(t, value, values.password),
  } as Checks<V>;
}

/** The confirmation is checked again when the password changes. */
export const CONFIRM_FOLLOWS_PASSWORD = { password: ['confirm' as const] };

/** A new password and its confirmation, with the password rule's hint. */
export function NewPasswordFields<V extends PasswordForm>({
  form,
  fresh = false,
}: {
  form: FormState<V>;
  fresh?: boolean;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <FormField
        form={form}
        name="password"
        password
        label={t(fresh ? 'field.password' : 'field.newPassword')}
        extra={t('field.passwordHint')}
        prefix="lock"
        placeholder={t(fresh ? 'field.passwordPlaceholder' : 'field.newPasswordPlaceholder')}
        autoComplete="new-password"
      />
      <FormField
        form={form}
        name="confirm"
        password
        label={t('field.confirmPassword')}
        prefix="lock"
        placeholder={t('field.confirmPasswordPlaceholder')}
        autoComplete="new-password"
      />
    </>
  );
}
