/** Security headers (CSP for the SPA), the CORS allow-list, and response compression. */
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const securityPlugin = fp<{ corsOrigins: string[] }>(async (app, { corsOrigins }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  // Same origin only unless the operator lists other origins (an app shell on another domain).
  await app.register(cors, {
    origin: corsOrigins.length > 0 ? corsOrigins : false,
    allowedHeaders: ['content-type', 'token', 'authorization', 'accept-language', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'retry-after'],
    maxAge: 600,
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
});
