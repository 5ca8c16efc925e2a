import { Inject, Injectable, Logger } from '@nestjs/common';
import { OutboundHttp, OutboundTransportError } from '@lib/platform';
import { ProblemException } from '@lib/schemas';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';

/** `GET /sign/certificate` of the signing service. */
export interface SignerCertificate {
  certificate_pem: string;
  /** RUT of the certificate holder, canonical `12345678-9`: the Caratula RutEnvia and upload rutSender. */
  holder_rut: string;
  subject: string;
  not_after: string;
}

/** `POST /verify/xml` and `/verify/ted`: whether the signature holds, and why not. */
export interface SignatureCheck {
  valid: boolean;
  reasons: string[];
}

/** A cookie of an SII portal session, as the signer's certificate login collected it. */
export interface PortalCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** ISO 8601, when the portal set one. */
  expires?: string;
}

/** `POST /portal/session`: the cookies of a portal session opened with the signer's certificate, and its holder. */
export interface PortalSessionAnswer {
  cookies: PortalCookie[];
  rut: string;
}

const CERTIFICATE_TTL_MS = 60 * 60 * 1000;

/** Signing service (docs/DESIGN.md §4.3, docs/CONTRACTS.md "Signing service"): the gateway holds no private key; XML as exact bytes. */
@Injectable()
export class SignerClient {
  private readonly logger = new Logger(SignerClient.name);
  private readonly http: OutboundHttp;
  private certificateCache?: { value: SignerCertificate; expires: number };

  constructor(
    @Inject(TAX_SETTINGS) settings: TaxSettings,
    private readonly metrics: TaxMetrics,
  ) {
    this.http = new OutboundHttp({
      service: 'signer',
      label: 'The signing service',
      baseURL: settings.signerUrl,
      timeoutMs: settings.signerTimeoutMs,
      headers: { 'X-Internal-Key': settings.signerKey },
      observe: (operation, outcome, seconds) => metrics.signerDuration.observe({ operation, outcome }, seconds),
    });
  }

  /** Enveloped XMLDSig (rsa-sha1, C14N 2001); answers the signer's exact bytes (never re-serialize them). */
  async signXml(xml: Buffer, referenceUri: string): Promise<Buffer> {
    const out = await this.call<{ xml: string }>('sign_xml', 'POST', '/sign/xml', {
      xml: xml.toString('base64'),
      reference_uri: referenceUri,
    });
    return Buffer.from(this.field(out.xml, 'xml'), 'base64');
  }

  /** Hands the CAF file (with RSASK) to the signer, which keeps the folio key; returns its `caf_id`. */
  async registerCaf(cafFile: Buffer): Promise<string> {
    const out = await this.call<{ caf_id: string }>('sign_caf', 'POST', '/sign/caf', { caf: cafFile.toString('base64') });
    return this.field(out.caf_id, 'caf_id');
  }

  /** TED FRMT (base64 RSA-SHA1 with the CAF key) over `dd`, the flattened DD in ISO-8859-1 bytes. */
  async signTed(cafId: string, dd: Buffer): Promise<string> {
    const out = await this.call<{ frmt: string }>('sign_ted', 'POST', '/sign/ted', { caf_id: cafId, dd: dd.toString('base64') });
    return this.field(out.frmt, 'frmt');
  }

  /** With each KeyInfo's certificate, trust not judged; a fragment without declaration is UTF-8 (docs/CONTRACTS.md "Signing service"). */
  async verifyXml(xml: Buffer, referenceUri: string): Promise<SignatureCheck> {
    const out = await this.call<SignatureCheck>('verify_xml', 'POST', '/verify/xml', {
      xml: xml.toString('base64'),
      reference_uri: referenceUri,
    });
    return this.check(out);
  }

  /** Verifies a TED's FRMT over `dd` (flattened DD, ISO-8859-1 bytes) with the CAF public key (`POST /verify/ted`). */
  async verifyTed(dd: Buffer, frmt: string, rsapk: { m: string; e: string }): Promise<SignatureCheck> {
    const out = await this.call<SignatureCheck>('verify_ted', 'POST', '/verify/ted', { dd: dd.toString('base64'), frmt, rsapk });
    return this.check(out);
  }

  /** CMS SignedData (RFC 5652, DER, content attached) for the audit receipts (docs/DESIGN.md §4.3 `POST /sign/cms`). */
  async signCms(data: Buffer): Promise<Buffer> {
    const out = await this.call<{ cms: string }>('sign_cms', 'POST', '/sign/cms', { data: data.toString('base64') });
    return Buffer.from(this.field(out.cms, 'cms'), 'base64');
  }

  // TLS client-certificate login at herculesr.sii.cl, by the signer (the web-service TOKEN does not open the portal pages;
  // docs/research/sources/README.md §1.2). Cookie values are never logged.
  async portalSession(referencia: string): Promise<PortalSessionAnswer> {
    const out = await this.call<PortalSessionAnswer>('portal_session', 'POST', '/portal/session', { referencia });
    const cookies = Array.isArray(out?.cookies) ? out.cookies.filter(isPortalCookie) : [];
    if (cookies.length === 0)
      throw new ProblemException(502, 'signer_error', 'The signing service answered a portal session without cookies.');
    return { cookies, rut: this.field(out.rut, 'rut') };
  }

  /** The signing certificate (cached one hour; `cache_lookups_total{cache="certificate"}`). */
  async certificate(): Promise<SignerCertificate> {
    const cached = this.certificateCache;
    this.metrics.cache('certificate', !!cached && cached.expires > Date.now());
    if (cached && cached.expires > Date.now()) return cached.value;
    const value = await this.call<SignerCertificate>('certificate', 'GET', '/sign/certificate');
    this.field(value.holder_rut, 'holder_rut');
    this.certificateCache = { value, expires: Date.now() + CERTIFICATE_TTL_MS };
    return value;
  }

  private async call<T>(operation: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    let res;
    try {
      res = await this.http.request(operation, { method, url: path, data });
    } catch (err) {
      if (!(err instanceof OutboundTransportError)) throw err;
      this.logger.warn(`signer ${operation} failed: ${err.code}`);
      throw err.problem;
    }
    if (res.status < 200 || res.status >= 300) {
      this.http.observe(operation, 'error', res.startedAt);
      const body = (res.data ?? {}) as { error?: unknown; detail?: unknown };
      const reason = [body.error, body.detail].filter((v) => typeof v === 'string').join(': ') || `HTTP ${res.status}`;
      this.logger.warn(`signer ${operation} answered ${res.status}: ${reason}`);
      throw new ProblemException(502, 'signer_error', `The signing service refused ${operation}: ${reason}`, {
        signer_status: res.status,
      });
    }
    this.http.observe(operation, 'ok', res.startedAt);
    return res.data as T;
  }

  private check(out: SignatureCheck): SignatureCheck {
    if (typeof out?.valid !== 'boolean') throw new ProblemException(502, 'signer_error', 'The signing service answer has no valid flag.');
    return { valid: out.valid, reasons: Array.isArray(out.reasons) ? out.reasons.map(String) : [] };
  }

  private field(value: unknown, name: string): string {
    if (typeof value !== 'string' || !value) {
      throw new ProblemException(502, 'signer_error', `The signing service answer has no ${name}.`);
    }
    return value;
  }
}

function isPortalCookie(c: unknown): c is PortalCookie {
  const o = c as Partial<PortalCookie> | null;
  return typeof o?.name === 'string' && typeof o.value === 'string' && typeof o.domain === 'string' && typeof o.path === 'string';
}
