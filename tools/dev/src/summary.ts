import { PORTS } from './stack-config';

/** Keys only when the launcher generated them. */
export function callerLines(keys: Record<string, string>, keysGenerated: boolean): string[] {
  if (!keysGenerated) return ['Callers (keys from INTERNAL_KEYS, not shown):', `  ${Object.keys(keys).join(', ')}`];
  return ['Dev caller keys (header X-Internal-Key):', ...Object.entries(keys).map(([caller, key]) => `  ${caller.padEnd(12)} ${key}`)];
}

export function printSummary(
  host: string,
  tools: { signerUrl: string; simUrl: string; issuer: string },
  keys: Record<string, string>,
  keysGenerated: boolean,
): void {
  const app = (name: string, port: number) => `  ${name.padEnd(17)} http://${host}:${port}   Swagger UI http://${host}:${port}/docs`;
  console.log(
    [
      '',
      'Platform is up:',
      app('tax-gateway', PORTS.gateway),
      app('accounting', PORTS.accounting),
      app('service-registry', PORTS.registry),
      `  dev-signer        ${tools.signerUrl}`,
      `  sii-sim           ${tools.simUrl}`,
      `  dev OIDC issuer   ${tools.issuer}   (token: npm run -s dev:token -- --role superadmin)`,
      '',
      ...callerLines(keys, keysGenerated),
      '',
      'Smoke run: npm run smoke      Stop: Ctrl-C',
    ].join('\n'),
  );
}
