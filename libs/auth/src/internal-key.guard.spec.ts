import { Controller, ExecutionContext, Get } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { Callers, Public } from './decorators';
import { InternalKeyGuard } from './internal-key.guard';
import { InternalKeyRegistry } from './internal-keys';
import { RouteMetadataReflector } from './route-metadata.reflector';

@Controller()
class OpenController {
  @Get() @Public() health(): string {
    return 'ok';
  }
  @Get() secret(): string {
    return 'secret';
  }
  @Get() @Callers('accounting') onlyAccounting(): string {
    return 'books';
  }
}

@Controller()
@Callers('admin')
class AdminController {
  @Get() list(): string {
    return 'list';
  }
  @Get() @Callers('assistant') override(): string {
    return 'override';
  }
}

type Req = { headers: Record<string, unknown>; caller?: string; raw: { caller?: string } };

function contextFor(cls: new () => object, method: string, headers: Record<string, unknown>): { ctx: ExecutionContext; req: Req } {
  const req: Req = { headers, raw: {} };
  const handler = (cls.prototype as Record<string, () => void>)[method];
  const ctx = {
    getType: () => 'http',
    getHandler: () => handler,
    getClass: () => cls,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  return { ctx, req };
}

function problemOf(fn: () => unknown): { status: number; error: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ProblemException);
    const p = (e as ProblemException).getProblem();
    return { status: p.status, error: p.error };
  }
  throw new Error('expected a ProblemException');
}

describe('InternalKeyGuard', () => {
  const guard = new InternalKeyGuard(
    new RouteMetadataReflector(),
    InternalKeyRegistry.parse('admin:k-admin,accounting:k-acc,assistant:k-asst'),
  );

  it('lets @Public() routes through without a key and sets no caller', () => {
    const { ctx, req } = contextFor(OpenController, 'health', {});
    expect(guard.canActivate(ctx)).toBe(true);
    expect(req.caller).toBeUndefined();
  });

  it.each([
    ['missing', {}],
    ['empty', { 'x-internal-key': '' }],
    ['wrong', { 'x-internal-key': 'nope' }],
    ['duplicated header', { 'x-internal-key': ['k-admin', 'k-admin'] }],
  ])('rejects a %s key with 401 unauthorized', (_label, headers) => {
    const { ctx, req } = contextFor(OpenController, 'secret', headers);
    expect(problemOf(() => guard.canActivate(ctx))).toEqual({ status: 401, error: 'unauthorized' });
    expect(req.caller).toBeUndefined();
  });

  it('stores the caller on the request and on the raw request', () => {
    const { ctx, req } = contextFor(OpenController, 'secret', { 'x-internal-key': 'k-acc' });
    expect(guard.canActivate(ctx)).toBe(true);
    expect(req.caller).toBe('accounting');
    expect(req.raw.caller).toBe('accounting');
  });

  it('enforces @Callers on a route: other callers get 403 forbidden_caller', () => {
    expect(guard.canActivate(contextFor(OpenController, 'onlyAccounting', { 'x-internal-key': 'k-acc' }).ctx)).toBe(true);
    const { ctx } = contextFor(OpenController, 'onlyAccounting', { 'x-internal-key': 'k-admin' });
    expect(problemOf(() => guard.canActivate(ctx))).toEqual({ status: 403, error: 'forbidden_caller' });
  });

  it('applies a controller-level @Callers list, overridden by a method-level one', () => {
    expect(guard.canActivate(contextFor(AdminController, 'list', { 'x-internal-key': 'k-admin' }).ctx)).toBe(true);
    expect(problemOf(() => guard.canActivate(contextFor(AdminController, 'list', { 'x-internal-key': 'k-asst' }).ctx)).status).toBe(403);
    expect(guard.canActivate(contextFor(AdminController, 'override', { 'x-internal-key': 'k-asst' }).ctx)).toBe(true);
    expect(problemOf(() => guard.canActivate(contextFor(AdminController, 'override', { 'x-internal-key': 'k-admin' }).ctx)).status).toBe(
      403,
    );
  });

  it('ignores non-HTTP contexts', () => {
    const ctx = { getType: () => 'rpc' } as unknown as ExecutionContext;
    expect(guard.canActivate(ctx)).toBe(true);
  });
});
