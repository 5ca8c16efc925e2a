import { platformShellSuite } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';

// Reachable without X-Internal-Key: health (docs/DESIGN.md §3) and Swagger UI's assets (docs/platform.md).
// The reporting pages are for browsers: no caller key, an end user's bearer token decides (docs/accounting.md "Reporting pages").
platformShellSuite(AppModule, appOptions, ['GET /contable/paginas/:empresa_id/:seccion', 'GET /docs/*', 'GET /health', 'GET /healthz']);
