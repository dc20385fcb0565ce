import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_TTL_SECONDS } from '@cloudbay/contracts/core';
import { serverFieldErrors } from '../features/account/validators';
import type { CodeRequest, CodeSent } from '../features/account/api/email-code';
import { feedback } from '../lib/feedback';
import { isRequestError } from '../lib/request/request-error';
import { fetchCaptcha, type Captcha } from './api';
import { useForm, type Checks, type FormState, type Values } from './use-form';

/**
 * The captcha a form shows. It lives CAPTCHA_TTL_SECONDS and is used once, so it is replaced 10 s
 * before it expires and whenever `refresh()` is called (after every use). `current()` is the image
 * a submit sends: the one shown, or the one on its way, so a click while it loads (a slow server,
 * a slow network) waits for it instead of doing nothing.
 */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha>();
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const shown = useRef<Captcha | undefined>(undefined);
  const inFlight = useRef<Promise<void>>(Promise.resolve());

  const load = useCallback(() => {
    const request = ++latest.current;
    inFlight.current = fetchCaptcha()
      .then(
        (fresh) => {
          if (request !== latest.current) return;
          shown.current = fresh;
          setCaptcha(fresh);
        },
        // The request client has told the user; a click on the image tries again.
        () => undefined,
      )
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, []);
  const refresh = useCallback(() => {
    // The image shown is used up or expiring: a submit waits for its successor.
    shown.current = undefined;
    setLoading(true);
    load();
  }, [load]);
  const current = useCallback(async (): Promise<Captcha | undefined> => {
    // A refresh while waiting replaces the request: wait for the newest one.
    for (let waited: Promise<void> | undefined; waited !== inFlight.current;) {
      waited = inFlight.current;
      await waited;
    }
    return shown.current;
  }, []);

  // The first image (`loading` starts true).
  useEffect(load, [load]);
  useEffect(() => {
    if (!captcha) return;
    const timer = setTimeout(refresh, (CAPTCHA_TTL_SECONDS - 10) * 1000);
    return () => clearTimeout(timer);
  }, [captcha, refresh]);

  return { captcha, loading, refresh, current };
}

/**
 * Clears the typed answer when a new image replaces the one it was typed for (refresh, expiry); the
 * first image keeps what was typed while it loaded.
 */
export function useAnswerFollowsImage(captcha: Captcha | undefined, form: FormState<{ code: string }>) {
  const shown = useRef<string | undefined>(undefined);
  const uuid = captcha?.uuid;
  useEffect(() => {
    const replaced = shown.current !== undefined && uuid !== shown.current;
    if (uuid) shown.current = uuid;
    // Only a typed answer: clearing an empty field would also drop an error shown under it.
    if (replaced && uuid && form.values.code) form.setValue('code', '');
    // Only a new image clears the answer, not every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uuid]);
}

/** Shows the server's field errors (400 `data.fields`) under the matching inputs. */
export function showServerFieldErrors<V extends Values>(
  form: FormState<V>,
  error: unknown,
  aliases: Record<string, string> = {},
): void {
  if (!isRequestError(error)) return;
  for (const [name, errors] of serverFieldErrors(error.envelope?.data, aliases)) {
    form.setErrors(name as keyof V & string, errors);
  }
}

type CodeForm = { email: string; code: string } & Values;

/**
 * Sending an e-mail code from a form with an image code: the e-mail and the image code are checked
 * first, the captcha is replaced afterwards (it is used up either way). Resolves as useSendCode expects.
 */
export function useCodeSender<V extends CodeForm>(
  form: FormState<V>,
  imageToSend: () => Promise<Captcha | undefined>,
  refresh: () => void,
  request: (query: CodeRequest) => Promise<CodeSent>,
) {
  const { t } = useTranslation('account');
  return async (): Promise<number | null> => {
    const valid = await form.validate(['email']);
    if (!valid) return null;
    const email = valid.email.trim();
    const code = valid.code.trim();
    if (!code) {
      form.setErrors('code', [t('validation.captchaRequired')]);
      return null;
    }
    const image = await imageToSend();
    if (!image) return null;
    try {
      const sent = await request({ email, uuid: image.uuid, code });
      feedback.toast('success', t('sendCode.sent', { email }));
      return sent.resend_after_s;
    } catch (error) {
      showServerFieldErrors(form, error, { uuid: 'code' });
      throw error;
    } finally {
      form.setValue('code', '');
      refresh();
    }
  };
}

/**
 * A sign-in form with an image code and an e-mailed code: its fields (useForm), its captcha, the
 * typed answer cleared by a new image, and the send-code action through `request`.
 */
export function useCaptchaForm<V extends CodeForm>(
  initial: V,
  checks: Checks<V>,
  request: (query: CodeRequest) => Promise<CodeSent>,
  dependents?: Partial<Record<keyof V & string, Array<keyof V & string>>>,
) {
  const { t } = useTranslation('account');
  const captcha = useCaptcha();
  const form = useForm(initial, checks, dependents);
  useAnswerFollowsImage(captcha.captcha, form);
  // The image a submit sends (waiting for one on its way); none could load: said under the field.
  const imageToSend = async () => {
    const image = await captcha.current();
    if (!image) form.setErrors('code', [t('validation.captchaUnavailable')]);
    return image;
  };
  const sendCode = useCodeSender(form, imageToSend, captcha.refresh, request);
  return { form, captcha, imageToSend, sendCode };
}
