import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountryListSchema,
  CustomerServiceListSchema,
  DownloadListSchema,
  HelpListSchema,
  HelpQuerySchema,
  HotMatchListSchema,
  LanguageQuerySchema,
  PublicKeySchema,
  SystemStatusSchema,
  VideoListSchema,
} from '@khela/contract/system';
import { ok, okSchema, sendJson } from '../../lib/envelope';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { system, keys } = app.services;

  app.get(
    '/wps/system/status',
    {
      schema: {
        summary: 'Site status, white-label flags and settings the client needs first',
        querystring: LanguageQuerySchema,
        response: okSchema(SystemStatusSchema),
      },
      // Polled by every open page, so it is cheap by design: exempt from the per-IP limit (all
      // the players behind one carrier address poll it) and not compressed (compressing 1.7 KB
      // on each call costs more CPU than the bytes save).
      config: { rateLimit: false },
    },
    // The hottest call: sent as ready-made JSON bytes, which Fastify passes through without
    // serialising; the response schema above still documents it. Not async, and returning
    // nothing: Fastify has no promise (nor the reply, a thenable) to wait for.
    (request, reply) => {
      sendJson(reply, system.statusBytes(request.ip, request.language));
    },
  );

  app.get(
    '/wps/system/country',
    {
      schema: {
        summary: 'Countries and dialing codes, Bangladesh first',
        querystring: LanguageQuerySchema,
        response: okSchema(CountryListSchema),
      },
    },
    async (request) => ok(await system.countries(request.language)),
  );

  app.get(
    '/wps/system/helpCenter',
    {
      // Long texts: worth compressing on a slow network.
      compress: {},
      schema: {
        summary: 'Help centre items in the requested language',
        querystring: HelpQuerySchema,
        response: okSchema(HelpListSchema),
      },
    },
    async (request) => ok(await system.helpCenter(request.query.lang ?? request.language)),
  );

  app.get(
    '/wps/system/customerService',
    {
      schema: {
        summary: 'Customer service entries (live chat and social channels)',
        querystring: LanguageQuerySchema,
        response: okSchema(CustomerServiceListSchema),
      },
    },
    async () => ok(system.customerService()),
  );

  app.get(
    '/wps/system/download',
    {
      schema: {
        summary: 'App download links by resource type',
        querystring: LanguageQuerySchema,
        response: okSchema(DownloadListSchema),
      },
    },
    async () => ok(system.downloads()),
  );

  app.get(
    '/wps/system/hotMatches',
    {
      schema: {
        summary: "Home's hot matches (the common store's hot matches), published by the operator",
        description:
          'Live ones (started less than 3 hours ago) first, then upcoming ones by start. The operator sets them with the `hotMatches` setting (docs/decisions.md).',
        querystring: LanguageQuerySchema,
        response: okSchema(HotMatchListSchema),
      },
    },
    async (request) => ok({ list: system.hotMatches(request.language) }),
  );

  app.get(
    '/wps/system/videos',
    {
      schema: {
        summary: "Home's videos (the common store's video), published by the operator",
        description:
          'Each opens in a new tab at its https address; the site embeds no outside player. The operator sets them with the `videos` setting.',
        querystring: LanguageQuerySchema,
        response: okSchema(VideoListSchema),
      },
    },
    async (request) => ok({ list: system.videos(request.language) }),
  );

  app.get(
    '/wps/system/publicKey',
    {
      schema: {
        summary: 'RSA public key (JWK) for sealing login, register and set-password payloads',
        querystring: LanguageQuerySchema,
        response: okSchema(PublicKeySchema),
      },
    },
    async () => ok(keys.publicKey()),
  );
};
