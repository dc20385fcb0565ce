import {
  deviceBrandSchema,
  deviceModelQuery,
  deviceModelSchema,
  devicePropBrandSchema,
  envelope,
  phoneReplaceBody,
  phoneReplaceResultSchema,
  simCountrySchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { languageOf, userIdOf } from '../identity/auth-hook';
import { mainAccountOf } from './groups';
import {
  listDeviceBrands,
  listDeviceModels,
  listPhoneBrands,
  listSimCountries,
  replacePhones,
} from './replace';

const tags = ['phones'];
const security = [{ bearer: [] }];

/** Spec §7 `/ph/replace/country`, `/ph/fake_ph/brand`, `/ph/fake_ph/ph`: the device catalogue, public like the phone prices. */
export const phoneDeviceCatalogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app) => {
  const open = { public: true };
  // The two whole lists: in the caller's language, nothing else asked.
  const lists = [
    ['/ph/replace/country', 'SIM countries a replaced phone can take', simCountrySchema, listSimCountries],
    ['/ph/fake_ph/brand', 'Phone brands a cloud phone can pass for', deviceBrandSchema, listDeviceBrands],
  ] as const;
  for (const [url, summary, item, list] of lists) {
    app.get(
      url,
      { config: open, schema: { tags, summary, response: { 200: envelope(z.array(item)) } } },
      async (request) => ok(list(languageOf(request))),
    );
  }

  app.get(
    '/ph/fake_ph/ph',
    {
      config: open,
      schema: {
        tags,
        summary: 'The models of a brand, with their screens',
        description: 'An unknown brand answers 400 DEVICE_BRAND_NOT_FOUND.',
        querystring: deviceModelQuery,
        response: { 200: envelope(z.array(deviceModelSchema)) },
      },
    },
    async (request) => ok(listDeviceModels(request.query.brand)),
  );
};

const REPLACE_DESCRIPTION =
  'Each phone is reset under the new identity: **its data and apps are wiped** and ADB closed. ' +
  'Without `model` a model is drawn at random (of `brand` when given); without `country` each phone ' +
  'keeps its SIM country. 400 DEVICE_BRAND_NOT_FOUND, DEVICE_MODEL_MISMATCH (a model not of its ' +
  'brand), SIM_COUNTRY_NOT_FOUND. Per phone: running or stopped only (409 RESOURCE_ACTION_FORBIDDEN ' +
  'while it changes), another customer’s PHONE_NOT_FOUND.';

/**
 * Replacement routes of the phone plugin (registered inside `phoneRoutes`, so its flag hook
 * covers them). replace_v2 takes an Idempotency-Key: a duplicate submission answers the first
 * replacement instead of replacing again.
 */
export const phoneReplaceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const replaceSchema = {
    tags,
    security,
    description: REPLACE_DESCRIPTION,
    body: phoneReplaceBody,
    response: { 200: envelope(phoneReplaceResultSchema) },
  };

  app.get(
    '/user/ph/ph_prop/brand',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Phone brands for display, with how many of the customer’s phones pass for each',
        security,
        response: { 200: envelope(z.array(devicePropBrandSchema)) },
      },
    },
    async (request) => ok(await listPhoneBrands(db, userIdOf(request), languageOf(request))),
  );

  app.post(
    '/user/ph/phone/replace_v2',
    {
      config: { owner: true, idempotent: true },
      schema: { ...replaceSchema, summary: 'Give phones a new device identity (wipes their data)' },
    },
    async (request) => ok(await replacePhones(deps, userIdOf(request), request.body, languageOf(request))),
  );

  app.post(
    '/user/son_account/phone/replace_v2',
    {
      config: { owner: true, idempotent: true },
      schema: {
        ...replaceSchema,
        summary:
          "A sub-account replaces its main account's phones (a main account gets 403 SUB_ACCOUNT_ONLY)",
      },
    },
    async (request) =>
      ok(
        await replacePhones(
          deps,
          await mainAccountOf(db, userIdOf(request)),
          request.body,
          languageOf(request),
        ),
      ),
  );
};
