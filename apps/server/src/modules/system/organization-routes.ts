import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { deptRoutes } from './dept/routes';
import { postRoutes } from './post/routes';
import { userRoutes } from './user/routes';

/** The operators' organisation pages: departments, posts and accounts (issue 17 part B). */
export const organizationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(deptRoutes, { deps });
  await app.register(postRoutes, { deps });
  await app.register(userRoutes, { deps });
};
