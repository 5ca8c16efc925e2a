/** `npm run -s dev:token -- --role superadmin [--group x-preview] [--sub NAME]`: a bearer token of the stack's dev key, alone on stdout. */
import { parseArgs } from 'node:util';
import { signDevToken } from './dev-auth';
import { PORTS } from './stack-config';

const { values } = parseArgs({
  options: {
    role: { type: 'string', multiple: true, default: [] },
    group: { type: 'string', multiple: true, default: [] },
    sub: { type: 'string', default: 'dev-user' },
    ttl: { type: 'string', default: String(8 * 3600) },
  },
});

const issuer = process.env.DEV_AUTH_URL ?? `http://127.0.0.1:${PORTS.devAuth}`;
signDevToken(issuer, {
  sub: values.sub,
  roles: values.role,
  groups: values.group,
  ttlSeconds: Number(values.ttl),
}).then(
  (token) => process.stdout.write(`${token}\n`),
  (err: Error) => {
    console.error(`dev:token failed: ${err.message}`);
    process.exit(1);
  },
);
