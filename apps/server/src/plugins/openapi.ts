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
