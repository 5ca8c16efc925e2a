import { Inject, Injectable, Logger } from '@nestjs/common';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SiiTokenInvalidError } from '../sii/sii-errors';
import { PortalCookie, SignerClient } from '../signer/signer-client';

interface Sesion {
  cookies: PortalCookie[];
  until: number;
}

/** Longest a portal session is reused before a new login (the portal ends sessions after a while; docs/research/sii-protocol.md §8). */
const SESSION_TTL_MS = 20 * 60 * 1000;

/**
 * The platform's own portal session, a TLS client-certificate login (docs/tax-gateway.md "Portal"; the pages do not take the web-service
 * TOKEN, docs/research/sources/README.md §1.2). One per process: the portal refuses more than 10 sessions of one holder
 * (docs/research/sii-protocol.md §8).
 */
@Injectable()
export class SesionCertificado {
  private readonly logger = new Logger(SesionCertificado.name);
  private sesion?: Sesion;
  private pending?: Promise<Sesion>;

  constructor(
    private readonly signer: SignerClient,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
  ) {}

  /** On SiiTokenInvalidError (the portal's page for a dead session) logs in again once and retries. */
  async withCookies<T>(fn: (cookies: PortalCookie[]) => Promise<T>): Promise<T> {
    const first = await this.cookies();
    try {
      return await fn(first);
    } catch (err) {
      if (!(err instanceof SiiTokenInvalidError)) throw err;
      this.logger.warn('the SII portal ended the certificate session; logging in again once');
      this.forget(first);
    }
    return fn(await this.cookies());
  }

  private async cookies(): Promise<PortalCookie[]> {
    if (this.sesion && this.sesion.until > Date.now()) return this.sesion.cookies;
    this.pending ??= this.login().finally(() => (this.pending = undefined));
    this.sesion = await this.pending;
    return this.sesion.cookies;
  }

  private async login(): Promise<Sesion> {
    const referencia = new URL('/', this.settings.siiPortalBaseUrl).toString();
    const { cookies, rut } = await this.signer.portalSession(referencia);
    this.logger.log(`SII portal session opened with the certificate of ${rut}`);
    return { cookies, until: Date.now() + SESSION_TTL_MS };
  }

  /** Forgets the session that carried `cookies` (a newer one stays). */
  private forget(cookies: PortalCookie[]): void {
    if (this.sesion?.cookies === cookies) this.sesion = undefined;
  }
}

/** The `Cookie` header of a session: every cookie of the SII's login goes back to the SII's hosts (*.sii.cl in production). */
export function cookieHeader(cookies: PortalCookie[]): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
