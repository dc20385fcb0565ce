import {
  captchaSchema,
  changePasswordBody,
  emailCodeRequestQuery,
  emailCodeSentSchema,
  envelope,
  loginAnswer,
  loginBody,
  profileBody,
  resetPasswordBody,
  routerNodeSchema,
  sessionIdParams,
  sessionInfoSchema,
  sessionItemSchema,
  signupBody,
  userSchema,
} from '@cloudbay/contracts';
import { ErrorCode } from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { loadGrants, loadRouterTree } from './access';
import {
  changePassword,
  getUser,
  login,
  subAccountLoginKey,
  requestChangePasswordCode,
  requestLoginCode,
  requestResetCode,
  requestSignupCode,
  resetPassword,
  signup,
  updateProfile,
} from './accounts';
import { withLoginLog } from '../monitor/logs/login-recorder';
import { authOf, clientOf } from './auth-hook';
import { createCaptcha } from './captcha';
import { listLiveSessions, revokeSession } from './repo';
import { supportViewOf } from '../business/support/service';

const tags = ['identity'];
const open = { public: true };

/** Accounts and sessions: spec §7 "Auth and user" plus the sessions list and profile edit. */
export const identityRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/image_validate_code',
    {
      config: open,
      schema: {
        tags,
        summary: 'A new image captcha (2 minutes, single use)',
        response: { 200: envelope(captchaSchema) },
      },
    },
    async (request) => ok(await createCaptcha(db, request.ip)),
  );

  app.get(
    '/user/signup/validate_code',
    {
      config: open,
      schema: {
        tags,
        summary: 'E-mails a 6-digit sign-up code (one per address per 60 s; hourly cap per IP)',
        querystring: emailCodeRequestQuery,
        response: { 200: envelope(emailCodeSentSchema) },
      },
    },
    async (request) => ok(await requestSignupCode(deps, request.query, clientOf(request))),
  );

  app.post(
    '/user/signup',
    {
      config: open,
      schema: {
        tags,
        summary: 'Creates a main account (role ROLE_DEFAULT) with an empty wallet',
        body: signupBody,
        response: { 200: envelope(z.object({ userId: z.number().int() })) },
      },
    },
    async (request) => ok(await signup(deps, request.body, clientOf(request))),
  );

  app.post(
    '/user/login',
    {
      // Signing in creates nothing an operator would call a record: RuoYi's "other" in the operation log.
      config: { ...open, log: { businessType: 'other' } },
      schema: {
        tags,
        summary: 'Logs in; answers an opaque bearer token',
        body: loginBody,
        response: { 200: envelope(loginAnswer) },
      },
    },
    async (request) => {
      const client = clientOf(request);
      // Every attempt goes to the login log (monitor/logininfor), its answer unchanged.
      // A sub-account's attempt is logged as `nickname#main e-mail` (issue 21).
      const { email, son_account: sonAccount } = request.body;
      const loginName = sonAccount ? subAccountLoginKey(email, sonAccount) : email;
      const attempt = { email: loginName, ip: client.ip, userAgent: client.userAgent };
      return ok(await withLoginLog(db, request.log, attempt, () => login(deps, request.body, client)));
    },
  );

  app.get(
    '/user/login/validate_code',
    {
      config: open,
      schema: {
        tags,
        summary:
          'E-mails a login code for step-up sign-in if the account exists (the answer is the same either way)',
        querystring: emailCodeRequestQuery,
        response: { 200: envelope(emailCodeSentSchema) },
      },
    },
    async (request) => ok(await requestLoginCode(deps, request.query, clientOf(request))),
  );

  app.post(
    '/logout',
    {
      config: { owner: true, log: { businessType: 'other' } },
      schema: {
        tags,
        summary: 'Ends the current session at once',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await revokeSession(db, auth.userId, auth.sessionId);
      return ok(null);
    },
  );

  app.get(
    '/user',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The logged-in user',
        security: [{ bearer: [] }],
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => ok(await getUser(db, authOf(request).userId)),
  );

  app.get(
    '/getInfo',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The user with roles and permissions',
        security: [{ bearer: [] }],
        response: { 200: envelope(sessionInfoSchema) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const [user, grants, support] = await Promise.all([
        getUser(db, auth.userId),
        loadGrants(db, auth.userId),
        supportViewOf(db, auth),
      ]);
      return ok({ user, ...grants, support });
    },
  );

  app.get(
    '/getRouters',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The menu tree the user may see',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.array(routerNodeSchema)) },
      },
    },
    async (request) => ok(await loadRouterTree(db, authOf(request).userId)),
  );

  app.put(
    '/user/profile',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Edits the nickname and the avatar (an image the user uploaded)',
        security: [{ bearer: [] }],
        body: profileBody,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => ok(await updateProfile(db, authOf(request).userId, request.body)),
  );

  app.get(
    '/user/edit_password/validate_code',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "E-mails a password-change code to the user's own address",
        security: [{ bearer: [] }],
        response: { 200: envelope(emailCodeSentSchema) },
      },
    },
    async (request) => ok(await requestChangePasswordCode(deps, authOf(request).userId, clientOf(request))),
  );

  app.put(
    '/user/password',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "Changes the password; the user's other sessions end",
        security: [{ bearer: [] }],
        body: changePasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await changePassword(deps, authOf(request), request.body);
      return ok(null);
    },
  );

  app.get(
    '/user/no_auth/edit_password/validate_code',
    {
      config: open,
      schema: {
        tags,
        summary: 'E-mails a reset code if the account exists (the answer is the same either way)',
        querystring: emailCodeRequestQuery,
        response: { 200: envelope(emailCodeSentSchema) },
      },
    },
    async (request) => ok(await requestResetCode(deps, request.query, clientOf(request))),
  );

  app.put(
    '/user/no_auth/password',
    {
      config: open,
      schema: {
        tags,
        summary: 'Resets a forgotten password with the mailed code',
        body: resetPasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return ok(null);
    },
  );

  app.get(
    '/user/sessions',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The user's live sessions",
        security: [{ bearer: [] }],
        response: { 200: envelope(z.array(sessionItemSchema)) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const rows = await listLiveSessions(db, auth.userId);
      return ok(
        rows.map((row) => ({
          id: row.id,
          device: row.device,
          ip: row.ip,
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
          current: row.id === auth.sessionId,
        })),
      );
    },
  );

  app.delete(
    '/user/sessions/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "Ends one of the user's sessions",
        security: [{ bearer: [] }],
        params: sessionIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const revoked = await revokeSession(db, authOf(request).userId, request.params.id);
      if (!revoked) throw new AppError('not_found', ErrorCode.SESSION_NOT_FOUND);
      return ok(null);
    },
  );
};
