import { ErrorCode, LANGUAGES } from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { pickLanguage, translate } from '../../lib/i18n';
import { SimCloudProvider } from '../../providers/cloud/sim/provider';
import { dictLabels } from '../dict/service';
import { CONNECT_PATH, renderConnectError, renderConnectPage } from './connect-page';

const connectQuery = z.object({
  ticket: z.string().max(300).default(''),
  /** The console's language when it made the link; else the browser's. */
  lang: z.enum(LANGUAGES).optional(),
});

/**
 * The simulated cloud's connection page (only with the simulated cloud): opened with a ticket
 * from POST /user/wy_auth/get_login_token, no session needed (the ticket is the credential).
 */
export const simConnectRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { cloud } = deps;
  if (!(cloud instanceof SimCloudProvider)) return;

  app.get(
    CONNECT_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['desktops'],
        summary: 'The simulated cloud’s connection page for a ticket (HTML, refreshes itself)',
        querystring: connectQuery,
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? pickLanguage(request.headers['accept-language']);
      // The ticket is in the address: no cache may keep the page.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const connection = await cloud.openConnection(request.query.ticket);
      if (!connection) {
        const message = translate(language, ErrorCode.CONNECTION_TICKET_INVALID);
        return reply.status(404).send(renderConnectError(language, message));
      }
      const { desktop, usage, expiresAt } = connection;
      const statusLabel = await dictLabels(deps.database.db, 'desktop_status', language);
      return renderConnectPage({
        language,
        name: desktop.attributes.name,
        status: desktop.status,
        statusLabel: statusLabel(desktop.status),
        instanceId: desktop.instanceId,
        cpu: desktop.attributes.cpu,
        memoryGiB: desktop.attributes.memoryGiB,
        usage,
        connectedSessions: desktop.attributes.connectedSessions,
        expiresAt,
      });
    },
  );
};
