/** Development OIDC stand-in: the registry verifies its tokens as the real provider's; `npm run -s dev:token` prints one. */
import { createServer, Server } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, JWK, SignJWT } from 'jose';
import { REPO_ROOT } from '@lib/testing';

export const DEV_AUTH_AUDIENCE = 'platform';
const KEY_ID = 'dev-auth-1';

export interface DevTokenClaims {
  sub: string;
  roles: string[];
  groups: string[];
  ttlSeconds?: number;
}

interface StoredKey {
  privateJwk: JWK;
  publicJwk: JWK;
}

function keyFile(): string {
  const dir = process.env.DEV_AUTH_DATA_DIR ?? join(REPO_ROOT, '.data/dev-auth');
  mkdirSync(dir, { recursive: true });
  return join(dir, 'signing-key.json');
}

async function loadOrCreateKey(): Promise<StoredKey> {
  const file = keyFile();
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredKey;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const stored: StoredKey = {
    privateJwk: { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256' },
    publicJwk: { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' },
  };
  writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  return stored;
}

/** RS256, audience `platform`. */
export async function signDevToken(issuer: string, claims: DevTokenClaims): Promise<string> {
  const { privateJwk } = await loadOrCreateKey();
  const key = await importJWK(privateJwk, 'RS256');
  return new SignJWT({ roles: claims.roles, groups: claims.groups })
    .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
    .setIssuer(issuer)
    .setAudience(DEV_AUTH_AUDIENCE)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${claims.ttlSeconds ?? 8 * 3600}s`)
    .sign(key);
}

/** `GET /.well-known/jwks.json` and, for local scripts only, `GET /token?role=&group=&sub=`; `issuer` is its base URL. */
export async function startDevAuthServer(port: number, host = '127.0.0.1'): Promise<{ server: Server; issuer: string }> {
  const { publicJwk } = await loadOrCreateKey();
  const issuer = `http://${host}:${port}`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    if (url.pathname === '/token') {
      const claims = {
        sub: url.searchParams.get('sub') ?? 'dev-user',
        roles: url.searchParams.getAll('role'),
        groups: url.searchParams.getAll('group'),
      };
      signDevToken(issuer, claims).then(
        (token) => res.writeHead(200, { 'content-type': 'text/plain' }).end(token),
        (err: Error) => res.writeHead(500).end(err.message),
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, issuer };
}
