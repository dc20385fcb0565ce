import { envelope, regionSchema } from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { clientOf } from '../identity/auth-hook';
import { listRegions } from './service';

const tags = ['catalog'];
const open = { public: true };
const regionList = { 200: envelope(z.array(regionSchema)) };

/** The catalogue: regions so far (public; the console caches them as areaList and phRegions). */
export const catalogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/describe_regions',
    {
      config: open,
      schema: { tags, summary: 'Regions where cloud desktops are sold', response: regionList },
    },
    async (request) => ok(await listRegions(db, 'desktop', clientOf(request).language)),
  );

  app.get(
    '/ph/regions',
    {
      config: open,
      schema: { tags, summary: 'Regions where cloud phones are sold', response: regionList },
    },
    async (request) => ok(await listRegions(db, 'phone', clientOf(request).language)),
  );
};
