import { Api } from './client';
import { startRegistry, type RegistryAppOptions, type RegistryTestApp } from './registry-app';
import { StubServer } from './stub-server';

export interface RegistryWithHealth {
  ctx: RegistryTestApp;
  api: Api;
  /** Stands in for the /healthz of the spec's services. */
  health: StubServer;
}

/**
 * Starts a health stub and a registry before the spec's tests, hands them to `ready`, and closes both
 * after the tests. `options` is read when the registry starts (after the spec's earlier beforeAll hooks).
 */
export function useRegistryWithHealth(
  ready: (started: RegistryWithHealth) => unknown,
  options: () => RegistryAppOptions = () => ({}),
): void {
  let health: StubServer | undefined;
  let ctx: RegistryTestApp | undefined;
  beforeAll(async () => {
    health = await StubServer.start();
    ctx = await startRegistry(options());
    await ready({ ctx, api: new Api(ctx), health });
  });
  afterAll(async () => {
    await ctx?.close();
    await health?.close();
  });
}
