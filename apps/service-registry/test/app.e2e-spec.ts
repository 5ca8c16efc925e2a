import { platformShellSuite } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';

// Reachable without X-Internal-Key: health (DESIGN §3), Swagger UI's assets (docs/platform.md)
// and the marketplace pages, which end users open in a browser (spec 2, visibility by stage).
platformShellSuite(AppModule, appOptions, ['GET /docs/*', 'GET /health', 'GET /healthz', 'GET /s', 'GET /s/:slug', 'GET /s/:slug/gone']);
