export { TEST_INTERNAL_KEYS, TEST_KEYS, closeTestApp, createTestApp } from './app';
export { TEST_PG_ADMIN_URL_ENV, createTestDatabase, dropTestDatabase } from './database';
export { startDevSigner } from './dev-signer';
export type { DevSignerHandle } from './dev-signer';
export { registeredRoutes, routesAnsweringWithoutKey } from './routes';
export type { RegisteredRoute } from './routes';
export { platformShellSuite } from './platform-shell';
