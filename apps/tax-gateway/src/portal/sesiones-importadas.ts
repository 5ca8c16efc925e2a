import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import type { ImportedCookieDto, ImportedSessionStatusView } from './dto/import-session.dto';
import { SesionImportadaEntity, type CookieImportada } from './entities/sesion-importada.entity';
import { PortalStore } from './portal.store';

/**
 * Imported portal sessions (spec 1 "Imported session"; docs/tax-gateway.md "Imported sessions"): a refused or expired one is 409
 * `session_expired`, never a fallback to the certificate's token. Cookie values never reach a log or an answer.
 */
@Injectable()
export class SesionesImportadas {
  private readonly logger = new Logger(SesionesImportadas.name);

  constructor(
    private readonly store: PortalStore,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
  ) {}

  async import(representado: string, cookies: ImportedCookieDto[], caller: string): Promise<ImportedSessionStatusView> {
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
    return toImportedSessionStatusView(row);
  }

  async list(): Promise<ImportedSessionStatusView[]> {
    const rows = await this.store.listSesiones();
    return rows.map(toImportedSessionStatusView);
  }

  async delete(representado: string): Promise<void> {
    if (!(await this.store.deleteSesion(representado)))
      throw new ProblemException(404, 'not_found', `No imported session for ${representado}.`);
    this.logger.log(`portal session of ${representado} deleted`);
  }

  async cookies(representado: string): Promise<CookieImportada[]> {
    const row = await this.store.findSesion(representado);
    if (!row) throw expired(representado, 'there is no imported session for it');
    const estado = toImportedSessionStatusView(row).estado;
    if (estado !== 'active') throw expired(representado, estado === 'expired' ? 'its cookies expired' : 'the portal refused it');
    return row.cookies;
  }

  /** Records how the portal took the session on a use. @returns when refused, the 409 `session_expired` problem for the caller to throw. */
  async recordUse(representado: string, aceptada: boolean): Promise<ProblemException | undefined> {
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

function toImportedSessionStatusView(row: SesionImportadaEntity): ImportedSessionStatusView {
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
