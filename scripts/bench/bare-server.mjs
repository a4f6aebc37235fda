// A bare Fastify server for the bench: each route answers fixed bytes, nothing else runs. Routes
// come from the JSON file named on the command line; prints "listening <port>" when ready.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
for (const { path, contentType, encoding, body } of routes) {
  const bytes = Buffer.from(body, 'base64');
  app.get(path, (_request, reply) => {
    reply.header('content-type', contentType);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(bytes);
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
