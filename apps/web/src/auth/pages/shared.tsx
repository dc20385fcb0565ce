import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { commonPasswordProblem, confirmProblem, newPasswordProblem } from '../../features/account/validators';
import { Field, PasswordInput, TextInput } from '../fields';
import type { Checks, FormState } from '../use-form';

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

/** The e-mail field of the sign-in forms. */
export function EmailField({
  form,
  autoComplete = 'username',
}: {
  form: FormState<{ email: string }>;
  autoComplete?: 'username' | 'email';
}) {
  const { t } = useTranslation('account');
  return (
    <Field id="email" label={t('field.email')} errors={form.errors.email}>
      <TextInput
        id="email"
        value={form.values.email}
        onChange={(value) => form.change('email', value)}
        prefix="mail"
        placeholder={t('field.emailPlaceholder')}
        autoComplete={autoComplete}
        inputMode="email"
        invalid={Boolean(form.errors.email?.length)}
      />
    </Field>
  );
}

type PasswordForm = { password: string; confirm: string };

/** The checks of a new password and its confirmation (the common-password check lazily, after the rule). */
export function newPasswordChecks<V extends PasswordForm>(t: TFunction<'account'>): Checks<V> {
  return {
    password: async (value) => newPasswordProblem(t, value) ?? (await commonPasswordProblem(t, value)),
    confirm: (value, values) => confirmProblem(t, value, values.password),
  } as Checks<V>;
}

/** A new password and its confirmation, with the password rule's hint. */
export function NewPasswordFields({
  form,
  fresh = false,
}: {
  form: FormState<PasswordForm>;
  fresh?: boolean;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <Field
        id="password"
        label={t(fresh ? 'field.password' : 'field.newPassword')}
        errors={form.errors.password}
        extra={t('field.passwordHint')}
      >
        <PasswordInput
          id="password"
          value={form.values.password}
          onChange={(value) => form.change('password', value)}
          prefix="lock"
          placeholder={t(fresh ? 'field.passwordPlaceholder' : 'field.newPasswordPlaceholder')}
          autoComplete="new-password"
          invalid={Boolean(form.errors.password?.length)}
        />
      </Field>
      <Field id="confirm" label={t('field.confirmPassword')} errors={form.errors.confirm}>
        <PasswordInput
          id="confirm"
          value={form.values.confirm}
          onChange={(value) => form.change('confirm', value)}
          prefix="lock"
          placeholder={t('field.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          invalid={Boolean(form.errors.confirm?.length)}
        />
      </Field>
    </>
  );
}
