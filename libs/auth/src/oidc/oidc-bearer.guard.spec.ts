import type { ExecutionContext } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { OidcBearerGuard } from './oidc-bearer.guard';
import { InvalidTokenError, OidcUnavailableError, OidcVerifier } from './oidc-verifier';

function contextWith(headers: Record<string, unknown>) {
  const req: { headers: Record<string, unknown>; user?: unknown; raw: { user?: unknown } } = { headers, raw: {} };
  const ctx = { getType: () => 'http', switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
  return { ctx, req };
}

const verifier = {
  verify: jest.fn(async (token: string) => {
    if (token === 'good') return { sub: 'u', roles: ['staff'], groups: [], claims: {} };
    if (token === 'down') throw new OidcUnavailableError('x');
    throw new InvalidTokenError('the token has expired');
  }),
} as unknown as OidcVerifier;

async function problem(promise: Promise<unknown>) {
  const e = await promise.catch((err: unknown) => err);
  expect(e).toBeInstanceOf(ProblemException);
  return e as ProblemException;
}

describe('OidcBearerGuard', () => {
  const guard = new OidcBearerGuard(verifier);

  it('lets anonymous requests through without a user', async () => {
    const { ctx, req } = contextWith({});
    await expect(guard.canActivate(ctx)).resolves.toBe(true);
    expect(req.user).toBeUndefined();
  });

  it('stores the verified user on the request and the raw request', async () => {
    const { ctx, req } = contextWith({ authorization: 'Bearer good' });
    await expect(guard.canActivate(ctx)).resolves.toBe(true);
    expect(req.user).toMatchObject({ sub: 'u', roles: ['staff'] });
    expect(req.raw.user).toBe(req.user);
  });

  it.each([['Bearer bad'], ['Basic dXNlcjpwYXNz'], ['Bearer '], ['Bearer a b']])('answers 401 invalid_token to %p', async (header) => {
    const e = await problem(guard.canActivate(contextWith({ authorization: header }).ctx));
    expect(e.getStatus()).toBe(401);
    expect(e.getProblem().error).toBe('invalid_token');
    expect(e.headers['WWW-Authenticate']).toContain('invalid_token');
  });

  it('answers 503 when the identity provider keys cannot be loaded', async () => {
    const e = await problem(guard.canActivate(contextWith({ authorization: 'Bearer down' }).ctx));
    expect(e.getStatus()).toBe(503);
    expect(e.getProblem().error).toBe('upstream_unavailable');
  });
});
