/**
 * Account rules of spec §5 and the identity limits of the issue, zod-free so the web forms and
 * the server apply the very same checks.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords are refused, never truncated. */
export const PASSWORD_MAX_LENGTH = 64;
export const NICKNAME_MIN_LENGTH = 4;
export const NICKNAME_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;

/** E-mail verification codes: 6 digits, 10 minutes, single use, 5 wrong tries kill it. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_SECONDS = 600;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** One code e-mail per address per this many seconds (the send button's countdown). */
export const EMAIL_CODE_RESEND_SECONDS = 60;
/** Code e-mails one IP address may ask for per hour. */
export const EMAIL_CODES_PER_IP_PER_HOUR = 20;
/** What the form accepts as an e-mail code (spec §5: at least 4 characters). */
export const EMAIL_CODE_MIN_INPUT = 4;

/** Image captchas live 2 minutes and are single use. */
export const CAPTCHA_TTL_SECONDS = 120;
/** New captchas one IP address may ask for per minute (each is a row until it expires). */
export const CAPTCHAS_PER_IP_PER_MINUTE = 60;

/**
 * Failed logins are counted per submitted e-mail (whether or not it has an account) and client
 * address: 5 within 15 minutes make that pair wait 10 minutes; the owner elsewhere is not held up.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCK_SECONDS = 10 * 60;
/**
 * 20 failures for one e-mail within 15 minutes, from any addresses, switch it to step-up sign-in
 * (the password and a code e-mailed to the address) for a day, or until a code sign-in or a reset.
 */
export const LOGIN_STEP_UP_FAILURES = 20;
export const LOGIN_STEP_UP_SECONDS = 24 * 3600;
/** Login attempts one IP address may make per 15 minutes, whatever the accounts. */
export const LOGIN_ATTEMPTS_PER_IP = 50;

/** Role keys: the customer role every main account has, and the all-powerful admin role. */
export const ROLE_DEFAULT = 'ROLE_DEFAULT';
export const ROLE_ADMIN = 'admin';
/** The permission that passes every permission check. */
export const ALL_PERMISSIONS = '*:*:*';

export type PasswordProblem = 'length' | 'spaces' | 'classes';

/**
 * The password rule: 8 to 64 characters, no white space, and at least three of the four classes
 * upper case, lower case, digit and special character. Answers the first problem, or null.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'length';
  if (/\s/.test(password)) return 'spaces';
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= 3 ? null : 'classes';
}

/**
 * Passwords that pass the rule above but are common ('Password1!', 'Qwerty123!') are refused: a
 * zxcvbn score (0–4, with its common and English dictionaries) below this one. The server and the
 * forms apply the same check with the same message (PASSWORD_COMMON).
 */
export const PASSWORD_MIN_STRENGTH = 3;

let commonPasswordCheck: Promise<(password: string) => boolean> | undefined;

/**
 * The common-password check. Its dictionaries are large, so they are imported on first use and
 * kept (the server loads them on the first new password; the web only on the forms that set one,
 * never on /login). A failed load is retried on the next call.
 */
export function loadCommonPasswordCheck(): Promise<(password: string) => boolean> {
  commonPasswordCheck ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
      });
      return (password: string) => zxcvbn.check(password).score < PASSWORD_MIN_STRENGTH;
    },
    (error: unknown) => {
      commonPasswordCheck = undefined;
      throw error;
    },
  );
  return commonPasswordCheck;
}

/** A deliberately plain e-mail check (the real proof is the code sent to it). */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
