import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import type { ImportedCookieDto, ImportedSessionStatusDto } from './dto/import-session.dto';
import { SesionImportadaEntity, type CookieImportada } from './entities/sesion-importada.entity';
import { PortalStore } from './portal.store';

/**
 * Imported portal sessions (spec 1 "Imported session"; docs/tax-gateway.md "Imported sessions"): the cookies of a
 * browser logged in on the SII portal as mandatary of a representado, kept in PostgreSQL (one per representado,
 * a new import replaces the old). A request naming `representado_rut` uses that session and only it: an expired
 * session, or one the portal refused, is 409 `session_expired`, never a fallback to the certificate's token.
 * Cookie values never reach a log or an answer.
 */
@Injectable()
export class SesionesImportadas {
  private readonly logger = new Logger(SesionesImportadas.name);

  constructor(
    private readonly store: PortalStore,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
  ) {}

  /**
   * Stores (or replaces) the session of `representado`.
   * @throws ProblemException 422 `cookie_domain` when a cookie would not be sent to the portal's host,
   *   422 `session_expired` when every cookie that has an expiry is already past it.
   */
  async importar(representado: string, cookies: ImportedCookieDto[], caller: string): Promise<ImportedSessionStatusDto> {
    const host = new URL(this.settings.siiPortalBaseUrl).hostname;
    const ajena = cookies.find((c) => !domainMatch(host, c.domain));
    if (ajena) {
      throw new ProblemException(422, 'cookie_domain', `Cookie ${ajena.name} is for ${ajena.domain}, not for the SII portal (${host}).`);
    }
    const expiresAt = earliestExpiry(cookies);
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new ProblemException(422, 'session_expired', 'The imported cookies have already expired; export them again after logging in.');
    }
    const row: SesionImportadaEntity = {
      representadoRut: representado,
      cookies: cookies.map(({ name, value, domain, path, expires }) => ({ name, value, domain, path, ...(expires ? { expires } : {}) })),
      importedAt: new Date(),
      expiresAt,
      lastUsedAt: null,
      lastUseAccepted: null,
      importedBy: caller,
    };
    await this.store.saveSesion(row);
    this.logger.log(`portal session imported for ${representado} by ${caller} (${cookies.length} cookies)`);
    return status(row);
  }

  async listar(): Promise<ImportedSessionStatusDto[]> {
    const rows = await this.store.sesiones();
    return rows.map(status);
  }

  /** @throws ProblemException 404 `not_found` when there is no session for `representado`. */
  async borrar(representado: string): Promise<void> {
    if (!(await this.store.deleteSesion(representado)))
      throw new ProblemException(404, 'not_found', `No imported session for ${representado}.`);
    this.logger.log(`portal session of ${representado} deleted`);
  }

  /**
   * The cookies to drive the portal for `representado`.
   * @throws ProblemException 409 `session_expired` (none imported, expired, or refused on its last use).
   */
  async cookies(representado: string): Promise<CookieImportada[]> {
    const row = await this.store.sesion(representado);
    if (!row) throw expired(representado, 'there is no imported session for it');
    const estado = status(row).estado;
    if (estado !== 'active') throw expired(representado, estado === 'expired' ? 'its cookies expired' : 'the portal refused it');
    return row.cookies;
  }

  /**
   * Records how the portal took the session on a use.
   * @returns when refused, the 409 `session_expired` problem for the caller to throw.
   */
  async usada(representado: string, aceptada: boolean): Promise<ProblemException | undefined> {
    await this.store.updateSesion(representado, { lastUsedAt: new Date(), lastUseAccepted: aceptada });
    if (aceptada) return undefined;
    this.logger.warn(`the SII portal refused the imported session of ${representado}`);
    return expired(representado, 'the portal refused it (NO ESTA AUTENTICADO)');
  }
}

/** RFC 6265 §5.1.3 domain-match of a cookie's domain attribute against the portal's host. */
function domainMatch(host: string, domain: string): boolean {
  const d = domain.replace(/^\./, '').toLowerCase();
  const h = host.toLowerCase();
  return h === d || h.endsWith(`.${d}`);
}

function earliestExpiry(cookies: ImportedCookieDto[]): Date | null {
  const times = cookies.map((c) => c.expires).filter((e): e is number => typeof e === 'number' && e > 0);
  return times.length ? new Date(Math.min(...times) * 1000) : null;
}

function status(row: SesionImportadaEntity): ImportedSessionStatusDto {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= Date.now();
  return {
    representado_rut: row.representadoRut,
    imported_at: row.importedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    estado: expired ? 'expired' : row.lastUseAccepted === false ? 'rejected' : 'active',
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_use_accepted: row.lastUseAccepted,
    cookie_names: row.cookies.map((c) => c.name),
  };
}

function expired(representado: string, why: string): ProblemException {
  return new ProblemException(
    409,
    'session_expired',
    `The imported SII portal session of ${representado} cannot be used: ${why}. Import a new one (POST /tax/auth/import-session).`,
  );
}
