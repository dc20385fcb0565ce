import {
  envelope,
  phoneTaskIdParams,
  phoneTaskListQuery,
  phoneTaskPageSchema,
  phoneTaskRetryBody,
  phoneTaskRetryResultSchema,
  phoneTaskSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import { languageOf, userIdOf } from '../../identity/auth-hook';
import { PHONE_TASK_RUNNERS } from '../task-runners';
import { listPhoneTasks, retryPhoneTask, retryPhoneTasks } from './centre';

const tags = ['phones'];
const security = [{ bearer: [] }];

/**
 * The task centre (issue 20): registered inside the phone plugin, so its flag hook covers it.
 * Retries create tasks (and start their work), so they take an Idempotency-Key.
 */
export const phoneTaskRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/user/ph/ph_task/list',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's phone tasks, newest first; filters type, status, phone, created window",
        description:
          '`phone` matches the phone id exactly or part of its name. `result` is in the request’s ' +
          'language (null while the task runs); `output` is a command’s output.',
        security,
        querystring: phoneTaskListQuery,
        response: { 200: envelope(phoneTaskPageSchema) },
      },
    },
    async (request) =>
      ok(await listPhoneTasks(db, userIdOf(request), request.query, languageOf(request), PHONE_TASK_RUNNERS)),
  );

  app.post(
    '/user/ph/ph_task/:id/retry',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Run a failed task again, as a new task linked to it',
        description:
          '404 PHONE_TASK_NOT_FOUND for another customer’s task; 409 PHONE_TASK_NOT_FAILED, ' +
          'PHONE_TASK_ALREADY_RETRIED (a failed task is retried once; retry its latest retry), or ' +
          'the refusal of the operation itself (e.g. RESOURCE_ACTION_FORBIDDEN).',
        security,
        params: phoneTaskIdParams,
        response: { 200: envelope(phoneTaskSchema) },
      },
    },
    async (request) =>
      ok(
        await retryPhoneTask(
          deps,
          userIdOf(request),
          request.params.id,
          languageOf(request),
          PHONE_TASK_RUNNERS,
        ),
      ),
  );

  app.post(
    '/user/ph/ph_task/retry',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Retry a selection of failed tasks; one entry per task, in the order asked',
        security,
        body: phoneTaskRetryBody,
        response: { 200: envelope(phoneTaskRetryResultSchema) },
      },
    },
    async (request) =>
      ok(
        await retryPhoneTasks(
          deps,
          userIdOf(request),
          request.body.task_ids,
          languageOf(request),
          PHONE_TASK_RUNNERS,
        ),
      ),
  );
};
