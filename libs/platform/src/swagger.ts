import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PUBLIC_OPENAPI_EXTENSION } from '@lib/auth';
import { FieldProblemDto, ProblemDto } from '@lib/schemas';

/** OpenAPI security scheme of `X-Internal-Key`. */
export const INTERNAL_KEY_SCHEME = 'internal-key';

export interface DocsOptions {
  title: string;
  description?: string;
  version?: string;
}

const AUTH_NOTE =
  'Every route requires the `X-Internal-Key` header of a configured caller, except `/health` and `/healthz`. ' +
  'These documentation pages (`/docs`, `/docs-json`) open without a key: press **Authorize** and paste a key ' +
  'to try the routes. Errors are RFC 9457 `application/problem+json` bodies with a stable `error` value.';

function clearSecurityOfPublicOperations(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (operation && typeof operation === 'object' && (operation as Record<string, unknown>)[PUBLIC_OPENAPI_EXTENSION]) {
        (operation as { security?: unknown[] }).security = [];
      }
    }
  }
}

/** The OpenAPI document; `X-Internal-Key` is required everywhere but on `@Public()` operations. */
export function buildOpenApiDocument(app: NestFastifyApplication, options: DocsOptions): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(options.title)
    .setDescription([options.description, AUTH_NOTE].filter(Boolean).join('\n\n'))
    .setVersion(options.version ?? '1.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Internal-Key', description: 'Key of the calling service' }, INTERNAL_KEY_SCHEME)
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'Forwarded end-user OIDC token, where a route uses one',
    })
    .addSecurityRequirements(INTERNAL_KEY_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ProblemDto, FieldProblemDto] });
  clearSecurityOfPublicOperations(document);
  return document;
}

/** Swagger UI on `/docs`, OpenAPI JSON on `/docs-json` (served outside the guards: reachable without a key). */
export function setupSwagger(app: NestFastifyApplication, options: DocsOptions): OpenAPIObject {
  const document = buildOpenApiDocument(app, options);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
    swaggerOptions: { persistAuthorization: true, showExtensions: true },
  });
  return document;
}
