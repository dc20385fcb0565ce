import { envelope, phoneIdParams, phoneTicketBody, phoneTicketResultSchema } from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { SVG_POLICY } from '../files/routes';
import { languageOf, userIdOf } from '../identity/auth-hook';
import { phoneConnectionTickets, phoneScreenshot } from './connect';

const tags = ['phones'];
const security = [{ bearer: [] }];

/**
 * Connecting to phones (issue 16 "Connection"); registered inside `phoneRoutes`, so the phone flag
 * hook covers it.
 */
export const phoneConnectRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/user/ph/phone/connection_ticket',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Connection tickets for running phones (one entry per phone) and the screen page each opens',
        description:
          'eds-aic BatchGetAcpConnectionTicket. A ticket opens the screen once, within two minutes. ' +
          'A phone not running is PHONE_NOT_RUNNING in its entry, another’s PHONE_NOT_FOUND.',
        security,
        body: phoneTicketBody,
        response: { 200: envelope(phoneTicketResultSchema) },
      },
    },
    async (request) =>
      ok(await phoneConnectionTickets(deps, userIdOf(request), request.body.phone_ids, languageOf(request))),
  );

  app.get(
    '/user/ph/phone/:id/screenshot',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The screen of a running phone now, as an image (SVG with the simulated cloud)',
        description: '409 PHONE_NOT_RUNNING unless it runs.',
        security,
        params: phoneIdParams,
      },
    },
    async (request, reply) => {
      const shot = await phoneScreenshot(deps, userIdOf(request), request.params.id, languageOf(request));
      return reply
        .type(shot.contentType)
        .header('content-security-policy', SVG_POLICY)
        .header('last-modified', shot.takenAt.toUTCString())
        .send(shot.data);
    },
  );
};
