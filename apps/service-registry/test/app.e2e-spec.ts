import { platformShellSuite } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';

// Reachable without X-Internal-Key (docs/platform.md "Callers"): health, Swagger UI's assets
// and the marketplace pages, which end users open in a browser (docs/service-registry.md "Callers").
platformShellSuite(AppModule, appOptions, ['GET /docs/*', 'GET /health', 'GET /healthz', 'GET /s', 'GET /s/:slug', 'GET /s/:slug/gone']);
