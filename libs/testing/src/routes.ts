import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const recorded = new WeakMap<NestFastifyApplication, RegisteredRoute[]>();

/** Routes registered from now on: controllers at `init()`; Swagger's /docs, mounted earlier, stay out by design. */
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

/** Trailing-slash twins folded. */
export function registeredRoutes(app: NestFastifyApplication): RegisteredRoute[] {
  const routes = recorded.get(app);
  if (!routes) throw new Error('registeredRoutes: the app was not created by createTestApp');
  const seen = new Map(routes.map((r) => [`${r.method} ${r.url.replace(/(.)\/$/, '$1')}`, r]));
  return [...seen.values()];
}

/** Routes that did NOT answer 401 without `X-Internal-Key`, to compare with the declared public routes. */
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
