import { platformShellSuite } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';

// Reachable without X-Internal-Key: health (docs/DESIGN.md §3) and Swagger UI's assets (docs/platform.md).
platformShellSuite(AppModule, appOptions, ['GET /docs/*', 'GET /health', 'GET /healthz']);
