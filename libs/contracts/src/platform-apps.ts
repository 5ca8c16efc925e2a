/**
 * The platform's three deployed services as the others and the tools know them: the name in logs, metrics and
 * Swagger, the port each listens on when `PORT` is unset, and the Swagger title and description. Source:
 * docs/platform.md (ports) and the README's list of services.
 */
export interface PlatformApp {
  appName: string;
  defaultPort: number;
  title: string;
  description: string;
}

const app = (appName: string, defaultPort: number, title: string, description: string): PlatformApp => ({
  appName,
  defaultPort,
  title,
  description,
});

export const PLATFORM_APPS = {
  accounting: app(
    'accounting',
    8260,
    'Accounting',
    'Double-entry books per company (empresa): chart of accounts, asientos, facturas, reports.',
  ),
  taxGateway: app(
    'tax-gateway',
    8270,
    'Tax gateway',
    'Every conversation with the SII (Chilean tax authority): tokens, CAF, DTE emission and reception, libros, taxpayer data.',
  ),
  serviceRegistry: app(
    'service-registry',
    8280,
    'Service registry',
    'Service records, marketplace lifecycle and the style component catalog.',
  ),
} as const;
