// The reference of the gateway's read benchmark: a bare Fastify server answering GET with the same JSON body
// (BODY_FILE) on PORT. Plain JavaScript, no framework around it.
const { readFileSync } = require('node:fs');
const fastify = require('fastify')({ logger: false });
const body = readFileSync(process.env.BODY_FILE, 'utf8');
fastify.get('/*', (_req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.stdout.write('listening\n'));
