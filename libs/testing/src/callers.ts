import { OpenApiDocument, operationsOf } from './hostile/openapi';
import type { StartedApp } from './hostile/suite';

/** docs/platform.md "Callers". */
export const PLATFORM_CALLERS = ['admin', 'assistant', 'mailer', 'accounting', 'poller', 'marketplace', 'ci', 'tax-gateway'] as const;
export type PlatformCaller = (typeof PLATFORM_CALLERS)[number];

export const CALLER_TEST_KEYS: Record<PlatformCaller, string> = Object.fromEntries(
  PLATFORM_CALLERS.map((caller) => [caller, `matrix-key-${caller}-0123456789abcdef`]),
) as Record<PlatformCaller, string>;

export const CALLER_TEST_INTERNAL_KEYS = Object.entries(CALLER_TEST_KEYS)
  .map(([caller, key]) => `${caller}:${key}`)
  .join(',');

/** By `METHOD /path` as in the OpenAPI document. */
export type CallerMatrix = Record<string, readonly PlatformCaller[] | 'any'>;

/** docs/platform.md "Callers": the matrix, each route's `x-callers` and the 403s agree; `start` with {@link CALLER_TEST_INTERNAL_KEYS}. */
export function callerMatrixSuite(appName: string, start: () => Promise<StartedApp>, matrix: CallerMatrix): void {
  describe(`${appName} callers (least privilege)`, () => {
    let started: StartedApp;
    let doc: OpenApiDocument;

    beforeAll(async () => {
      started = await start();
      doc = (await started.app.inject({ method: 'GET', url: '/docs-json' })).json() as OpenApiDocument;
    }, 120_000);

    afterAll(async () => {
      await started?.close();
    });

    const protectedOperations = () => operationsOf(doc).filter((op) => !op.op['x-public']);

    it('lists every protected route of the OpenAPI document, and no other', () => {
      expect(
        protectedOperations()
          .map((op) => op.id)
          .sort(),
      ).toEqual(Object.keys(matrix).sort());
    });

    it('documents each route with the callers of the matrix (x-callers)', () => {
      const documented = Object.fromEntries(
        protectedOperations().map((op) => {
          const callers = op.op['x-callers'] ?? [];
          return [op.id, callers.includes('*') ? 'any' : [...callers].sort()];
        }),
      );
      const expected = Object.fromEntries(
        Object.entries(matrix).map(([id, callers]) => [id, callers === 'any' ? 'any' : [...callers].sort()]),
      );
      expect(documented).toEqual(expected);
    });

    it('answers 403 forbidden_caller to every caller outside a route list, and lets the others past the key check', async () => {
      const wrong: string[] = [];
      for (const op of protectedOperations()) {
        const allowed = matrix[op.id] ?? [];
        const url = op.path.replace(/\{[^}]+\}/g, 'x1');
        for (const caller of PLATFORM_CALLERS) {
          const res = await started.app.inject({
            method: op.method as 'GET',
            url,
            headers: { 'x-internal-key': CALLER_TEST_KEYS[caller] },
          });
          const error = res.headers['content-type']?.toString().includes('json') ? (res.json() as { error?: string }).error : undefined;
          const admitted = allowed === 'any' || allowed.includes(caller);
          const refused = res.statusCode === 403 && error === 'forbidden_caller';
          if (admitted === refused || res.statusCode === 401) wrong.push(`${op.id} as ${caller}: ${res.statusCode} ${error ?? ''}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });
}
