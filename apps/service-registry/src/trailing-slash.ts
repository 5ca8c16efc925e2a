import { Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

/** The registry's own routes: the API and the marketplace pages. */
const isRegistryRoute = (url: string): boolean => url.startsWith('/api/v1/') || url === '/s' || url.startsWith('/s/');

interface RouteOptions {
  url: string;
  method: string | string[];
  config?: Record<string, unknown>;
  [key: string]: unknown;
}

interface FastifyLike {
  addHook(name: 'onRoute', hook: (route: RouteOptions) => void): void;
  route(route: RouteOptions): void;
  initialConfig?: { ignoreTrailingSlash?: boolean; routerOptions?: { ignoreTrailingSlash?: boolean } };
}

/**
 * Spec 2 writes the registry's paths with a trailing slash (`POST /api/v1/services/`, `/s/<slug>/`)
 * while Nest registers them without one, and Fastify tells the two apart unless the adapter sets
 * `ignoreTrailingSlash`. Until the platform adapter does, this registers a `<path>/` twin of every
 * registry route (same handler, so same guards, pipes and filters) from Fastify's onRoute hook. It
 * must be constructed before Nest registers the routes (any provider is: routes come at init).
 */
@Injectable()
export class TrailingSlashRoutes {
  private readonly logger = new Logger(TrailingSlashRoutes.name);

  constructor(host: HttpAdapterHost) {
    const fastify = host.httpAdapter?.getInstance?.() as FastifyLike | undefined;
    if (!fastify?.addHook) return;
    const config = fastify.initialConfig;
    if (config?.routerOptions?.ignoreTrailingSlash || config?.ignoreTrailingSlash) return;
    fastify.addHook('onRoute', (route) => {
      if (route.config?.trailingSlashTwin || route.url.endsWith('/') || route.method === 'HEAD') return;
      if (!isRegistryRoute(route.url)) return;
      try {
        fastify.route({ ...route, url: `${route.url}/`, path: `${route.url}/`, config: { ...(route.config ?? {}), trailingSlashTwin: true } });
      } catch (err) {
        this.logger.warn({ err, url: route.url }, 'could not register the trailing-slash twin of a route');
      }
    });
  }
}
