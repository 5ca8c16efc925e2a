import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { signCms } from './cms';
import { loadOrCreateIdentity, type SignerIdentity } from './keystore';
import { PortalLoginError, openPortalSession, type PortalLoginSettings } from './portal-session';
import { readPortalSettings } from './portal-settings';
import { CafStore, signTed, verifyTed } from './ted';
import { SignerInputError } from './xml-encoding';
import { signXml, verifyXml } from './xml-signer';
import { InternalKeyRegistry } from '@lib/auth';

/** internalKeys INTERNAL_KEYS (all routes but /health); holderRut for a new certificate; portal defaults herculesr, system CAs, 8 s. */
export interface SignerServerOptions {
  dataDir: string;
  internalKeys: string;
  holderRut?: string;
  logger?: boolean;
  portal?: PortalLoginSettings;
}

export interface SignerServer {
  app: FastifyInstance;
  identity: SignerIdentity;
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

const BODY_LIMIT = 50 * 1024 * 1024; // an EnvioDTE may carry 2000 DTEs

/**
 * The dev signing service (docs/CONTRACTS.md "Signing service", docs/DESIGN.md §4.3): XML, DD, data and CAF as base64 of the exact
 * bytes; errors `{error, detail}`. @throws Error on malformed `internalKeys` or an invalid `holderRut`.
 */
export function createSignerServer(options: SignerServerOptions): SignerServer {
  const keys = InternalKeyRegistry.parse(options.internalKeys);
  const identity = loadOrCreateIdentity(options.dataDir, options.holderRut ?? '11111111-1');
  const cafs = new CafStore(options.dataDir);
  const portal = options.portal ?? readPortalSettings({});
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT });

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.split('?')[0] === '/health') return;
    if (!keys.match(req.headers['x-internal-key']))
      return reply.code(401).send({ error: 'unauthorized', detail: 'missing or unknown X-Internal-Key' });
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof SignerInputError || err instanceof PortalLoginError) {
      return reply.code(err.status).send({ error: err.error, detail: err.detail });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    const error = status === 500 ? 'internal_error' : status === 413 ? 'payload_too_large' : 'bad_request';
    return reply.code(status).send({ error, detail: err.message });
  });

  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/sign/certificate', async () => ({
    certificate_pem: identity.certificatePem,
    holder_rut: identity.holderRut,
    subject: identity.subject,
    not_after: identity.notAfter,
  }));

  app.post('/sign/xml', async (req) => {
    const body = bodyOf(req);
    const referenceUri = stringField(body, 'reference_uri', true);
    const encoding = optionalString(body, 'encoding');
    return { xml: (await signXml(base64Field(body, 'xml'), referenceUri, identity, encoding)).toString('base64') };
  });

  app.post('/verify/xml', async (req) => {
    const body = bodyOf(req);
    const referenceUri = body.reference_uri === undefined ? undefined : stringField(body, 'reference_uri', true);
    return verifyXml(base64Field(body, 'xml'), referenceUri, optionalString(body, 'encoding'));
  });

  app.post('/sign/caf', async (req) => ({ caf_id: cafs.register(base64Field(bodyOf(req), 'caf')) }));

  app.post('/sign/ted', async (req) => {
    const body = bodyOf(req);
    const caf = cafs.get(stringField(body, 'caf_id'));
    if (!caf) throw new SignerInputError('unknown_caf', 'no CAF registered with that caf_id', 404);
    return { frmt: signTed(caf, base64Field(body, 'dd')) };
  });

  app.post('/verify/ted', async (req) => {
    const body = bodyOf(req);
    const rsapk = body.rsapk as Record<string, unknown> | undefined;
    if (!rsapk || typeof rsapk !== 'object') throw new SignerInputError('bad_request', 'rsapk {m, e} is required', 400);
    return verifyTed(base64Field(body, 'dd'), stringField(body, 'frmt'), {
      m: stringField(rsapk, 'm'),
      e: stringField(rsapk, 'e'),
    });
  });

  app.post('/sign/cms', async (req) => ({ cms: signCms(base64Field(bodyOf(req), 'data'), identity).toString('base64') }));

  app.post('/portal/session', async (req) => {
    const session = await openPortalSession(identity, referenciaField(bodyOf(req)), portal);
    // Names only: cookie values are a live session of the certificate holder.
    req.log.info({ cookies: session.cookies.map((c) => c.name) }, 'SII portal session opened');
    return session;
  });

  return {
    app,
    identity,
    async listen(port, host) {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      return `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
    },
    close: () => app.close(),
  };
}

function bodyOf(req: FastifyRequest): Record<string, unknown> {
  if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) {
    throw new SignerInputError('bad_request', 'a JSON object body is required', 400);
  }
  return req.body as Record<string, unknown>;
}

function stringField(body: Record<string, unknown>, name: string, allowEmpty = false): string {
  const v = body[name];
  if (typeof v !== 'string' || (!allowEmpty && v === '')) {
    throw new SignerInputError('bad_request', `${name} must be a${allowEmpty ? '' : ' non-empty'} string`, 400);
  }
  return v;
}

/** The absolute URL the SII's login lands on (e.g. https://misiir.sii.cl/cgi_misii/siihome.cgi). */
function referenciaField(body: Record<string, unknown>): string {
  const value = stringField(body, 'referencia');
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if ((url?.protocol !== 'https:' && url?.protocol !== 'http:') || value.length > 2048) {
    throw new SignerInputError('bad_request', 'referencia must be an absolute http(s) URL (at most 2048 characters)', 400);
  }
  return value;
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  return body[name] === undefined ? undefined : stringField(body, name);
}

function base64Field(body: Record<string, unknown>, name: string): Buffer {
  const v = stringField(body, name).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(v) || v.length % 4 !== 0) {
    throw new SignerInputError('bad_request', `${name} must be base64`, 400);
  }
  return Buffer.from(v, 'base64');
}
