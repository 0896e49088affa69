/** The OpenAPI document, generated from the contract's zod schemas, served at /wps/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const openapiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Khela player and operator API',
        version: '0.1.0',
        description:
          'Every answer is an envelope: `{ success: true, value }` or `{ success: false, errorCode, message, data? }`. ' +
          'Messages follow the `language` query (BN or EN) or Accept-Language; Bengali by default. ' +
          'Player calls that need a session answer 401 `session.notLoggedIn` without a token (or with one the server never issued) and 401 `session.expired` for a token that has ended, ' +
          'with `data.reason` saying why and the message saying it in the player\u2019s language: `timedOut` (idle or absolute limit), `loggedOut` (logout), `passwordChanged` (a password change or reset ended it), ' +
          '`disabled` (the operator disabled the account), `endedElsewhere` (ended from the security centre) or `break` (the player took a time-out or self-exclusion). ' +
          'Operator calls under /ops/api need `Authorization: Bearer <operator token>`.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          operator: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/wps/docs', staticCSP: true });
});
