// The baseline every target is compared with: a bare Fastify hello-world, logger off. Plain
// JavaScript run with node (no tsx loader in the measured process). Listens on 127.0.0.1:$PORT.
import Fastify from 'fastify';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('hello-world: set PORT');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
