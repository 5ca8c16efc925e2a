import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { InvalidTokenError, OidcUnavailableError, OidcVerifier } from './oidc-verifier';
import { OidcConfigError, oidcOptionsFromSettings } from './oidc.options';
import { claimToList, readClaim } from './oidc-principal';

const ISSUER = 'https://idp.test';
const AUDIENCE = 'platform';

let server: Server;
let jwksUrl: string;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
let jwksStatus = 200;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    res.writeHead(jwksStatus, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
});

afterAll(() => new Promise((r) => server.close(r)));

function sign(
  claims: Record<string, unknown>,
  opts: { key?: CryptoKey; iss?: string; aud?: string; exp?: string; sub?: string | null } = {},
) {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuedAt()
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? AUDIENCE)
    .setExpirationTime(opts.exp ?? '5m');
  if (opts.sub !== null) jwt.setSubject(opts.sub ?? 'user-1');
  return jwt.sign(opts.key ?? signingKey);
}

const verifier = () => new OidcVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl, rolesClaim: 'roles', groupsClaim: 'groups' });

describe('OidcVerifier', () => {
  it('verifies a token from the JWKS and reads roles and groups', async () => {
    const user = await verifier().verify(await sign({ roles: ['superadmin'], groups: ['billing-preview'] }));
    expect(user).toMatchObject({ sub: 'user-1', roles: ['superadmin'], groups: ['billing-preview'] });
  });

  it('reads roles from a configured nested claim', async () => {
    const v = new OidcVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl, rolesClaim: 'realm_access.roles', groupsClaim: 'grp' });
    const user = await v.verify(await sign({ realm_access: { roles: ['staff'] }, grp: '/a-preview b' }));
    expect(user.roles).toEqual(['staff']);
    expect(user.groups).toEqual(['a-preview', 'b']);
  });

  it.each([
    ['another key', { key: 'other' }, 'signature'],
    ['another issuer', { iss: 'https://evil.test' }, 'claim iss'],
    ['another audience', { aud: 'someone-else' }, 'claim aud'],
    ['an expired token', { exp: '-10m' }, 'expired'],
    ['no sub', { sub: null }, 'sub'],
  ])('rejects %s', async (_label, o, reason) => {
    const opts = { ...o, key: (o as { key?: string }).key === 'other' ? otherKey : undefined } as Parameters<typeof sign>[1];
    const error = await verifier()
      .verify(await sign({ roles: [] }, opts))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect((error as InvalidTokenError).reason).toContain(reason);
  });

  it('rejects garbage and unsigned tokens', async () => {
    await expect(verifier().verify('not-a-jwt')).rejects.toBeInstanceOf(InvalidTokenError);
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: 'x', iss: ISSUER, aud: AUDIENCE })).toString('base64url');
    await expect(verifier().verify(`${header}.${body}.`)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses every token when OIDC is not configured', async () => {
    const v = new OidcVerifier(undefined);
    expect(v.configured).toBe(false);
    await expect(v.verify(await sign({}))).rejects.toThrow('not configured');
  });

  it('reports an unreachable or failing JWKS as unavailable, not as a bad token', async () => {
    jwksStatus = 500;
    try {
      await expect(verifier().verify(await sign({}))).rejects.toBeInstanceOf(OidcUnavailableError);
    } finally {
      jwksStatus = 200;
    }
    const closed = new OidcVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl: 'http://127.0.0.1:1/jwks.json' });
    await expect(closed.verify(await sign({}))).rejects.toBeInstanceOf(OidcUnavailableError);
  });
});

describe('oidcOptionsFromSettings', () => {
  it('is undefined when nothing is set and applies the claim defaults', () => {
    expect(oidcOptionsFromSettings({})).toBeUndefined();
    expect(oidcOptionsFromSettings({ OIDC_ISSUER: 'i', OIDC_AUDIENCE: 'a,b', OIDC_JWKS_URL: 'http://x/jwks' })).toEqual({
      issuer: 'i',
      audience: ['a', 'b'],
      jwksUrl: 'http://x/jwks',
      rolesClaim: 'roles',
      groupsClaim: 'groups',
    });
  });

  it('names the missing or bad setting', () => {
    expect(() => oidcOptionsFromSettings({ OIDC_ISSUER: 'i' })).toThrow(/OIDC_AUDIENCE, OIDC_JWKS_URL/);
    expect(() => oidcOptionsFromSettings({ OIDC_ISSUER: 'i', OIDC_AUDIENCE: 'a', OIDC_JWKS_URL: 'ftp://x' })).toThrow(OidcConfigError);
  });
});

describe('claims helpers', () => {
  it('reads exact names before dotted paths and normalizes lists', () => {
    expect(readClaim({ 'https://x.io/roles': ['a'] }, 'https://x.io/roles')).toEqual(['a']);
    expect(readClaim({ a: { b: 1 } }, 'a.b')).toBe(1);
    expect(readClaim({ a: 1 }, 'a.b')).toBeUndefined();
    expect(claimToList(['x', 'x', '', 3, '/g'])).toEqual(['x', 'g']);
    expect(claimToList({})).toEqual([]);
  });
});
