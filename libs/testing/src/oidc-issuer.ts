import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface TokenClaims {
  sub?: string;
  roles?: string[];
  groups?: string[];
  /** Override the audience or issuer, or sign with a foreign key, to produce bad tokens. */
  audience?: string;
  issuer?: string;
  foreignKey?: boolean;
  expiresIn?: string;
}

/**
 * A local identity provider for tests: an RSA key generated here, its JWKS served over HTTP on a free
 * port, and tokens signed with it (RS256, audience `platform`, roles and groups claims).
 */
export class TestIssuer {
  static readonly AUDIENCE = 'platform';
  private constructor(
    private readonly server: Server,
    readonly issuer: string,
    readonly jwksUrl: string,
    private readonly key: CryptoKey,
    private readonly foreign: CryptoKey,
  ) {}

  static async start(): Promise<TestIssuer> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const foreign = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test-1', alg: 'RS256', use: 'sig' };
    const server = createServer((req, res) => {
      if (req.url === '/.well-known/jwks.json')
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return new TestIssuer(server, base, `${base}/.well-known/jwks.json`, privateKey, foreign);
  }

  /** Environment for an app: OIDC_ISSUER, OIDC_AUDIENCE, OIDC_JWKS_URL. */
  env(): Record<string, string> {
    return { OIDC_ISSUER: this.issuer, OIDC_AUDIENCE: TestIssuer.AUDIENCE, OIDC_JWKS_URL: this.jwksUrl };
  }

  async token(claims: TokenClaims = {}): Promise<string> {
    return new SignJWT({ roles: claims.roles ?? [], groups: claims.groups ?? [] })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-1' })
      .setIssuer(claims.issuer ?? this.issuer)
      .setAudience(claims.audience ?? TestIssuer.AUDIENCE)
      .setSubject(claims.sub ?? 'user-1')
      .setIssuedAt()
      .setExpirationTime(claims.expiresIn ?? '10m')
      .sign(claims.foreignKey ? this.foreign : this.key);
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}
