/** Request and answer schemas of accounts and sessions (spec §3 User and Session info, §7 Auth and user). */
import { z } from 'zod';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  isEmail,
  passwordProblem,
} from './account-rules';
import { ErrorCode } from './errors';
import { STORED_FILE_NAME } from './files';
import { supportViewSchema } from './business-adjustment';

// Field messages are error codes: the server translates them into the caller's language.
export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, ErrorCode.EMAIL_INVALID)
  .refine(isEmail, ErrorCode.EMAIL_INVALID)
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string()
  // Bounded before the rule runs, so a huge body costs nothing; longer passwords are refused, not cut.
  .max(PASSWORD_MAX_LENGTH * 4, ErrorCode.PASSWORD_LENGTH)
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (!problem) return;
    const message = {
      length: ErrorCode.PASSWORD_LENGTH,
      spaces: ErrorCode.PASSWORD_SPACES,
      classes: ErrorCode.PASSWORD_CLASSES,
    }[problem];
    ctx.addIssue({ code: 'custom', message });
  });

export const nicknameField = z
  .string()
  .trim()
  .refine(
    (v) => [...v].length >= NICKNAME_MIN_LENGTH && [...v].length <= NICKNAME_MAX_LENGTH,
    ErrorCode.NICKNAME_LENGTH,
  );

export const emailCodeField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), ErrorCode.EMAIL_CODE_FORMAT);

/** The image captcha a form shows: the uuid goes back with the typed answer. */
export const captchaSchema = z.object({ uuid: z.uuid(), img: z.string() });
export const captchaAnswerFields = { uuid: z.uuid(), code: z.string().trim().min(1).max(10) };

/** GET /user/signup/validate_code and GET /user/no_auth/edit_password/validate_code */
export const emailCodeRequestQuery = z.object({ email: emailField, ...captchaAnswerFields });
/** The answer of every code-sending call: when the next send is allowed. */
export const emailCodeSentSchema = z.object({ resend_after_s: z.number().int() });

/** POST /user/signup */
export const signupBody = z.object({
  email: emailField,
  password: passwordField,
  nickname: nicknameField,
  email_code: emailCodeField,
  invite_code: z
    .string()
    .trim()
    .max(32)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type SignupBody = z.input<typeof signupBody>;

/** POST /user/login */
export const loginBody = z.object({
  email: emailField,
  // Not the full rule: an account made before a rule change must still log in.
  password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH * 4),
  /** The e-mailed code, needed with the password while the e-mail is in step-up sign-in. */
  email_code: emailCodeField.optional(),
  /**
   * A sub-account's nickname (issue 21): with it, `email` is the main account's and the password
   * the sub-account's. Throttles and lockout then count per sub-account.
   */
  son_account: z
    .string()
    .trim()
    .max(NICKNAME_MAX_LENGTH)
    .optional()
    .transform((v) => (v ? v : undefined)),
  ...captchaAnswerFields,
});
export type LoginBody = z.input<typeof loginBody>;
export const loginAnswer = z.object({ access_token: z.string() });

/** What GET /user says of a sub-account's main account. */
export const mainAccountViewSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  nickname: z.string(),
});
export type MainAccountView = z.infer<typeof mainAccountViewSchema>;

/** GET /user — the cached user of spec §3. */
export const userSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  email: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** The wallet balance in dollars, a decimal string ("0.00"). */
  balance: z.string(),
  /** 1 opens the cloud phone menu. */
  ph_white_user: z.number().int(),
  /** Sub-accounts ("son" accounts) carry their main account. */
  is_son: z.boolean(),
  parent_id: z.number().int().nullable(),
  /**
   * A sub-account's main account (issue 21; null for a main account). A sub-account's `email` is
   * its main account's and `nickname` its own login name.
   */
  main_account: mainAccountViewSchema.nullable().optional(),
  /** A sub-account's remark, as its main account wrote it (issue 21; null for a main account). */
  remark: z.string().nullable().optional(),
  invite_code: z.string(),
  language: z.enum(['zh-CN', 'en-US']),
});
export type User = z.infer<typeof userSchema>;

/** GET /getInfo */
export const sessionInfoSchema = z.object({
  user: userSchema,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /** In a read-only support session: who is viewing (the console's banner); else null. */
  support: supportViewSchema.nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** A node of GET /getRouters: the menu tree the user may see. */
export interface RouterNode {
  name: string;
  path: string;
  /** The web's page key (e.g. 'cloud/buy'), 'Layout' for a menu group, 'ParentView' for a nested group. */
  component: string;
  hidden: boolean;
  redirect?: string;
  /** The search parameters the page opens with (RuoYi's route `query`), for pages that carry some. */
  query?: Record<string, string | number>;
  meta: {
    /** An i18n key of the web's `route.` namespace. */
    title: string;
    /** The title an operator typed for the menu, shown as is instead of `title`. */
    label?: string;
    icon: string | null;
    noCache: boolean;
    link: string | null;
    permissions: string[];
  };
  children?: RouterNode[];
}
export const routerNodeSchema: z.ZodType<RouterNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    component: z.string(),
    hidden: z.boolean(),
    redirect: z.string().optional(),
    query: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    meta: z.object({
      title: z.string(),
      label: z.string().optional(),
      icon: z.string().nullable(),
      noCache: z.boolean(),
      link: z.string().nullable(),
      permissions: z.array(z.string()),
    }),
    children: z.array(routerNodeSchema).optional(),
  }),
);

/** PUT /user/password (logged in) */
export const changePasswordBody = z.object({ password: passwordField, email_code: emailCodeField });
/** PUT /user/no_auth/password */
export const resetPasswordBody = z.object({
  email: emailField,
  email_code: emailCodeField,
  password: passwordField,
});

/**
 * PUT /user/profile: the fields to change. `avatar` is the stored name of an image the user
 * uploaded (POST /common/upload); '' removes the avatar.
 */
export const profileBody = z.object({
  nickname: nicknameField.optional(),
  avatar: z.union([z.literal(''), z.string().regex(STORED_FILE_NAME)]).optional(),
});
export type ProfileBody = z.input<typeof profileBody>;

/** GET /user/sessions */
export const sessionItemSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;
export const sessionIdParams = z.object({ id: z.uuid() });
