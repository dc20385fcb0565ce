import { randomUUID } from 'node:crypto';
import { ErrorCode, LANGUAGES, type Language } from '@cloudbay/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { acceptFormBodies } from '../../http/csv-reply';
import { pickLanguage, translate } from '../../lib/i18n';
import { SimCloudProvider } from '../../providers/cloud/sim/provider';
import { PHONE_SCREEN_KEYS, isCloudError } from '../../providers/cloud/types';
import { orientationOf } from '../../providers/cloud/sim/phone-screen';
import { renderPhoneScreen, screenViewOf } from '../../providers/cloud/sim/phone-screenshot';
import {
  PHONE_SCREEN_PATH,
  offLabelOf,
  phoneScreenPath,
  renderPhoneScreenError,
  renderPhoneScreenPage,
} from './screen-page';

/** The screen session's cookie, scoped to its phone's screen path. */
const SESSION_COOKIE = 'cb_phone_screen';
const langField = z.enum(LANGUAGES).optional();
const instanceParams = z.object({ instance_id: z.string().regex(/^[\w-]{1,64}$/) });

function sessionOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The simulated cloud's phone screen (only with the simulated cloud; no console session: the
 * ticket, then the screen session it starts, is the credential). Redeeming the single-use ticket
 * sets an HttpOnly cookie for that phone's screen path and redirects there, so reloading the page
 * never needs the used ticket again.
 */
export const simPhoneScreenRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { cloud } = deps;
  if (!(cloud instanceof SimCloudProvider)) return;
  acceptFormBodies(app);

  const languageOf = (request: FastifyRequest, lang: Language | undefined) =>
    lang ?? pickLanguage(request.headers['accept-language']);
  const refuse = (reply: FastifyReply, language: Language) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(renderPhoneScreenError(language, translate(language, ErrorCode.CONNECTION_TICKET_INVALID)));
  const screenUrl = (instanceId: string, language: Language) =>
    `/api${phoneScreenPath(instanceId)}?lang=${encodeURIComponent(language)}`;

  app.addHook('onRequest', async (_request, reply) => {
    // The ticket or the session is in play: no cache may keep these answers.
    reply.header('cache-control', 'no-store');
  });

  app.get(
    PHONE_SCREEN_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['phones'],
        summary: 'Redeem a phone connection ticket (once) and go to the simulated phone screen',
        description: 'A used, expired or unknown ticket answers 404 CONNECTION_TICKET_INVALID (HTML).',
        querystring: z.object({ ticket: z.string().max(300).default(''), lang: langField }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      const session = await cloud.redeemPhoneTicket(request.query.ticket);
      if (!session) return refuse(reply, language);
      const secure = request.protocol === 'https' ? '; Secure' : '';
      const maxAge = Math.max(
        1,
        Math.floor((session.expiresAt.getTime() - deps.clock.now().getTime()) / 1000),
      );
      reply.header(
        'set-cookie',
        `${SESSION_COOKIE}=${encodeURIComponent(session.session)}; Path=/api${phoneScreenPath(session.instanceId)}; ` +
          `Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
      );
      return reply.redirect(screenUrl(session.instanceId, language), 303);
    },
  );

  app.get(
    phoneScreenPath(':instance_id'),
    {
      config: { public: true },
      schema: {
        tags: ['phones'],
        summary: 'The simulated phone screen of a connection (HTML, refreshes itself)',
        params: instanceParams,
        querystring: z.object({ lang: langField }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      const { instance_id: instanceId } = request.params;
      const session = sessionOf(request);
      const found = session && (await cloud.phoneOfScreenSession(instanceId, session));
      if (!found) return refuse(reply, language);
      const { phone, row, expiresAt } = found;
      const now = deps.clock.now();
      const view = screenViewOf(row, { language, now, offLabel: offLabelOf(language, phone.status) });
      return reply.type('text/html; charset=utf-8').send(
        renderPhoneScreenPage({
          language,
          name: view.name,
          status: phone.status,
          instanceId,
          brand: view.brand,
          model: view.model,
          resolution: view.resolution,
          orientation: orientationOf(phone.attributes),
          screen: renderPhoneScreen(view),
          action: screenUrl(instanceId, language),
          sessionExpiresAt: expiresAt,
        }),
      );
    },
  );

  app.post(
    phoneScreenPath(':instance_id'),
    {
      config: { public: true },
      schema: {
        tags: ['phones'],
        summary: 'Press a key on the simulated phone screen (form post), then show the screen again',
        params: instanceParams,
        querystring: z.object({ lang: langField }),
        body: z.object({ key: z.enum(PHONE_SCREEN_KEYS), app: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      const { instance_id: instanceId } = request.params;
      const session = sessionOf(request);
      if (!session || !(await cloud.phoneOfScreenSession(instanceId, session)))
        return refuse(reply, language);
      const { key, app: appId } = request.body;
      try {
        // A key press is a call of its own (a fresh token): pressing rotate twice turns it back.
        await cloud.act(
          'phone',
          instanceId,
          'screen_input',
          appId ? { key, app: appId } : { key },
          randomUUID(),
        );
      } catch (error) {
        // A phone that stopped meanwhile ignores the key (the page shows why), as does an unknown app.
        if (!isCloudError(error, 'invalid_state') && !isCloudError(error, 'invalid_parameter')) throw error;
      }
      return reply.redirect(screenUrl(instanceId, language), 303);
    },
  );
};
