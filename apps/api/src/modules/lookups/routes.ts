import fs from 'node:fs';
import { citySchema, countrySchema, languageSchema, performerOptionSets, phoneCodeSchema, stateSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { citiesOf, countries, flagFile, isCountryCode, languages, phoneCodes, statesOf } from './data';

const countryParam = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'));
const optionSchema = z.object({ value: z.string(), label: z.string() });
/** Reference data changes with releases only: let browsers and proxies keep it for a day. */
const cacheForADay = 'public, max-age=86400';

export const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', cacheForADay);
  });

  app.get(
    '/countries/list',
    {
      schema: { tags: ['lookups'], summary: 'List the countries', operationId: 'listCountries', response: { 200: z.array(countrySchema) } },
    },
    async () => countries,
  );

  app.get(
    '/states/:country',
    {
      schema: {
        tags: ['lookups'],
        summary: "List a country's states",
        operationId: 'listCountryStates',
        params: z.object({ country: countryParam }),
        response: { 200: z.array(stateSchema) },
      },
    },
    async (request) => {
      if (!isCountryCode(request.params.country)) throw notFound(`Country ${request.params.country}`);
      return statesOf(request.params.country);
    },
  );

  app.get(
    '/cities/:country/:state',
    {
      schema: {
        tags: ['lookups'],
        summary: "List a state's cities",
        operationId: 'listStateCities',
        params: z.object({ country: countryParam, state: z.string().trim().toUpperCase().pipe(z.string().min(1).max(10)) }),
        response: { 200: z.array(citySchema) },
      },
    },
    async (request) => {
      const { country, state } = request.params;
      if (!isCountryCode(country)) throw notFound(`Country ${country}`);
      const cities = await citiesOf(country, state);
      if (!cities) throw notFound(`State ${state} of ${country}`);
      return cities;
    },
  );

  app.get(
    '/languages/list',
    {
      schema: {
        tags: ['lookups'],
        summary: 'List the languages',
        operationId: 'listLanguages',
        response: { 200: z.array(languageSchema) },
      },
    },
    async () => languages,
  );

  app.get(
    '/phone-codes/list',
    {
      schema: {
        tags: ['lookups'],
        summary: 'List the international phone codes',
        operationId: 'listPhoneCodes',
        response: { 200: z.array(phoneCodeSchema) },
      },
    },
    async () => phoneCodes,
  );

  app.get(
    '/user-additional',
    {
      schema: {
        tags: ['lookups'],
        summary: 'List the option sets of creator profile fields',
        operationId: 'listCreatorProfileOptions',
        description: 'Performer profile option sets (spec 3).',
        response: { 200: z.record(z.string(), z.array(optionSchema)) },
      },
    },
    async () => performerOptionSets,
  );

  app.get(
    '/flags/:file',
    {
      schema: {
        tags: ['lookups'],
        summary: "Get a country's flag as SVG",
        operationId: 'getCountryFlag',
        params: z.object({ file: z.string().regex(/^[a-z]{2}\.svg$/, 'must look like us.svg') }),
      },
    },
    async (request, reply) => {
      const file = flagFile(request.params.file.slice(0, 2));
      if (!file) throw notFound(`Flag ${request.params.file}`);
      return reply.type('image/svg+xml').send(fs.createReadStream(file));
    },
  );
};
