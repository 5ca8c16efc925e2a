import { Inject, Injectable } from '@nestjs/common';
import { parseEmpresa, parseHistorialEmpresa, RegistroParseError, type Empresa, type ModificacionEmpresa } from '@lib/portal';
import { ProblemException } from '@lib/schemas';
import { TtlCache, type Cached } from '../common/ttl-cache';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { PortalAcceso } from './portal-acceso';

/** The registry's answer for a RUT with no registration (libs/portal `parseEmpresa`, the portal's error page). */
const SIN_INSCRIPCION = /no registra inscripci[oó]n/i;

/** The Registro de Empresas y Sociedades pages (docs/tax-gateway.md "Company registry"), one visit per RUT and page at a time. */
@Injectable()
export class RegistroService {
  private readonly cache: TtlCache<Empresa | ModificacionEmpresa[]>;

  constructor(
    @Inject(TAX_SETTINGS) settings: TaxSettings,
    private readonly acceso: PortalAcceso,
    private readonly metrics: TaxMetrics,
  ) {
    this.cache = new TtlCache(
      () => settings.registroCacheTtlSeconds * 1000,
      (hit) => metrics.cache('registro', hit),
    );
  }

  getEmpresa(tenant: string, rut: string, representado?: string): Promise<Cached<Empresa>> {
    return this.read(tenant, rut, representado, 'empresa', parseEmpresa) as Promise<Cached<Empresa>>;
  }

  /** The company's registered filings, as the page lists them; the same errors as {@link getEmpresa}. */
  getHistorial(tenant: string, rut: string, representado?: string): Promise<Cached<ModificacionEmpresa[]>> {
    return this.read(tenant, rut, representado, 'historial', parseHistorialEmpresa) as Promise<Cached<ModificacionEmpresa[]>>;
  }

  clear(): Promise<number> {
    return this.cache.clear();
  }

  private read(
    tenant: string,
    rut: string,
    representado: string | undefined,
    pagina: 'empresa' | 'historial',
    parse: (html: string) => Empresa | ModificacionEmpresa[],
  ): Promise<Cached<Empresa | ModificacionEmpresa[]>> {
    return this.cache.get(`${rut}:${pagina}:${representado ?? ''}`, async () => {
      try {
        const value = await this.acceso.withSession(representado, `the company registry of ${rut}`, (page) =>
          this.acceso.read(page, `/cgi_res/${pagina}.cgi?rut=${encodeURIComponent(rut)}`, `the company registry of ${rut}`, (html) =>
            sinInscripcion(rut, () => parse(html)),
          ),
        );
        this.metrics.scrapeRuns.inc({ kind: 'registro', outcome: 'ok' });
        return value;
      } catch (err) {
        this.metrics.scrapeRuns.inc({ kind: 'registro', outcome: 'error' });
        throw err;
      }
    });
  }
}

/** The portal's "no registration" page is an answer about the company, not a failure of the portal. */
function sinInscripcion<T>(rut: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof RegistroParseError && err.motivo === 'error_portal' && SIN_INSCRIPCION.test(err.mensajePortal ?? '')) {
      throw new ProblemException(404, 'empresa_not_found', `The company registry has no record of ${rut}.`, { rut });
    }
    throw err;
  }
}
