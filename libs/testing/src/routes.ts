import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** A route as Fastify registered it: one method and the URL pattern (`/tax/dte/get/:emision_id`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const recorded = new WeakMap<NestFastifyApplication, RegisteredRoute[]>();

/**
 * Starts recording the routes the app registers from now on (Nest registers its controllers at
 * `init()`; Swagger's /docs pages, mounted earlier by configureApp, stay out by design).
 */
export function recordRoutes(app: NestFastifyApplication): void {
  const routes: RegisteredRoute[] = [];
  recorded.set(app, routes);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route: { method: string | string[]; url: string }) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
      }
    });
}

/** Every route of a {@link createTestApp} app, deduplicated (trailing-slash twins folded). */
export function registeredRoutes(app: NestFastifyApplication): RegisteredRoute[] {
  const routes = recorded.get(app);
  if (!routes) throw new Error('registeredRoutes: the app was not created by createTestApp');
  const seen = new Map(routes.map((r) => [`${r.method} ${r.url.replace(/(.)\/$/, '$1')}`, r]));
  return [...seen.values()];
}

/**
 * Calls every registered route without `X-Internal-Key` (path parameters filled with a dummy value)
 * and returns the `METHOD /url` of those that did NOT answer 401 with `"error": "unauthorized"`.
 * A test compares that list with the app's declared public routes, so a new route that forgets
 * the guard, or a public one nobody declared, fails it.
 */
export async function routesAnsweringWithoutKey(app: NestFastifyApplication): Promise<string[]> {
  const open: string[] = [];
  for (const { method, url } of registeredRoutes(app)) {
    const path = url.replace(/:[A-Za-z0-9_]+/g, 'x1').replace(/\*$/, 'x1');
    const res = await app.inject({ method: method as 'GET', url: path });
    const body = res.headers['content-type']?.toString().includes('json') ? (res.json() as { error?: string }) : {};
    if (res.statusCode !== 401 || body.error !== 'unauthorized') open.push(`${method} ${url}`);
  }
  return open.sort();
}
