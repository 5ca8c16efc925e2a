import { readFileSync } from 'node:fs';
import { getMetadataStorage } from 'class-validator';
import { internalKeyOf } from '@lib/auth';
import { loadConfig } from '@lib/platform';
import { TaxGatewayConfig } from '../config';
import { bankLinksKeyOf, parseBankLinkTokens } from './bank-link-tokens';

/** SII environment: `cert` = maullin (certification), `prod` = palena. */
export type TaxEnv = 'cert' | 'prod';

/** Derived once at boot from the validated {@link TaxGatewayConfig}; durations in the unit their names say. */
export interface TaxSettings {
  taxEnv: TaxEnv;
  siiDteBaseUrl: string;
  siiReclamoBaseUrl: string;
  siiRcvBaseUrl: string;
  /** The boleta REST services' seed, token and estado (docs/research/boletas.md §1.1). */
  siiBoletaApiBaseUrl: string;
  /** The boleta upload's own host (pangal, rahue; docs/research/boletas.md §1.1). */
  siiBoletaEnvioBaseUrl: string;
  /** How long concurrent boletas of one tenant are gathered before their EnvioBOLETA goes (ms). */
  boletaEnvioEsperaMs: number;
  siiIssuerCertified: boolean;
  /** PEM of the sim authority certificate, set only when SII_TRUST_SIM_CAF=true (never in prod). */
  simCafCertificatePem?: string;
  siiTimeoutMs: number;
  siiUserAgent: string;
  signerUrl: string;
  signerKey: string;
  signerTimeoutMs: number;
  tokenTtlSeconds: number;
  cafAlertaFolios: number;
  reconcilerIntervalSeconds: number;
  taxpayerCacheTtlSeconds: number;
  contribuyentesRefreshHours: number;
  siiPortalBaseUrl: string;
  /** The host of the boletas de honorarios reports (docs/research/honorarios.md §2). */
  siiBheBaseUrl: string;
  chromiumPath: string;
  portalTimeoutMs: number;
  registroCacheTtlSeconds: number;
  auditoriaRetrySeconds: number;
  notificacionesCacheTtlSeconds: number;
  bankApiBaseUrl: string;
  /** The aggregator's secret key (Authorization header); undefined when not configured. Never logged. */
  bankApiKey?: string;
  /** Link token per tenant (canonical RUT); a tenant absent here is not linked. Never logged. */
  /** BANK_LINK_TOKENS: links seeded into `banco_link` at boot (deprecated). */
  bankLinkTokens: ReadonlyMap<string, string>;
  /** AES-256-GCM key of the stored bank links (BANK_LINKS_KEY). */
  bankLinksKey?: Buffer;
  bankTimeoutMs: number;
}

export const TAX_SETTINGS = Symbol('TAX_SETTINGS');

// The SII's upload service refuses user agents that do not look like a browser (docs/tax-gateway.md "Settings").
const DEFAULT_USER_AGENT = 'Mozilla/4.0 (compatible; PROG 1.0; Windows NT 5.0; YComp 5.0.2.4)';
const DEFAULT_BASE_URL: Record<TaxEnv, string> = { cert: 'https://maullin.sii.cl', prod: 'https://palena.sii.cl' };
// docs/research/sii-protocol.md §2.1 (RegistroReclamoDTE) and §8 (RCV on www4 / www4c).
const DEFAULT_RECLAMO_URL: Record<TaxEnv, string> = {
  cert: 'https://ws2.sii.cl/WSREGISTRORECLAMODTECERT',
  prod: 'https://ws1.sii.cl/WSREGISTRORECLAMODTE',
};
const DEFAULT_RCV_URL: Record<TaxEnv, string> = { cert: 'https://www4c.sii.cl', prod: 'https://www4.sii.cl' };
// docs/research/boletas.md §1.1: the upload answers only on pangal (cert) and rahue (prod).
const DEFAULT_BOLETA_API_URL: Record<TaxEnv, string> = { cert: 'https://apicert.sii.cl', prod: 'https://api.sii.cl' };
const DEFAULT_BOLETA_ENVIO_URL: Record<TaxEnv, string> = { cert: 'https://pangal.sii.cl', prod: 'https://rahue.sii.cl' };

/** The typed settings of a validated configuration (no rule is checked here: the config class has them all). */
export function taxSettingsOf(config: TaxGatewayConfig): TaxSettings {
  return {
    taxEnv: config.TAX_ENV,
    siiDteBaseUrl: (config.SII_DTE_BASE_URL ?? DEFAULT_BASE_URL[config.TAX_ENV]).replace(/\/+$/, ''),
    siiReclamoBaseUrl: (config.SII_RECLAMO_BASE_URL ?? DEFAULT_RECLAMO_URL[config.TAX_ENV]).replace(/\/+$/, ''),
    siiRcvBaseUrl: (config.SII_RCV_BASE_URL ?? DEFAULT_RCV_URL[config.TAX_ENV]).replace(/\/+$/, ''),
    siiBoletaApiBaseUrl: (config.SII_BOLETA_API_BASE_URL ?? DEFAULT_BOLETA_API_URL[config.TAX_ENV]).replace(/\/+$/, ''),
    siiBoletaEnvioBaseUrl: (config.SII_BOLETA_ENVIO_BASE_URL ?? DEFAULT_BOLETA_ENVIO_URL[config.TAX_ENV]).replace(/\/+$/, ''),
    boletaEnvioEsperaMs: config.BOLETA_ENVIO_ESPERA_MS,
    siiIssuerCertified: config.SII_ISSUER_CERTIFIED,
    simCafCertificatePem: config.SII_TRUST_SIM_CAF ? readFileSync((config.SII_SIM_CAF_CERT as string).trim(), 'utf8') : undefined,
    siiTimeoutMs: config.SII_TIMEOUT_MS,
    siiUserAgent: config.SII_USER_AGENT?.trim() || DEFAULT_USER_AGENT,
    signerUrl: config.SIGNER_URL.replace(/\/+$/, ''),
    signerKey: config.SIGNER_KEY?.trim() || (internalKeyOf(config.INTERNAL_KEYS, 'tax-gateway') as string),
    signerTimeoutMs: config.SIGNER_TIMEOUT_MS,
    tokenTtlSeconds: config.TOKEN_TTL_SECONDS,
    cafAlertaFolios: config.CAF_ALERTA_FOLIOS,
    reconcilerIntervalSeconds: config.RECONCILER_INTERVAL_SECONDS,
    taxpayerCacheTtlSeconds: config.TAXPAYER_CACHE_TTL_SECONDS,
    contribuyentesRefreshHours: config.CONTRIBUYENTES_REFRESH_HOURS,
    siiPortalBaseUrl: (config.SII_PORTAL_BASE_URL ?? 'https://zeus.sii.cl').replace(/\/+$/, ''),
    siiBheBaseUrl: (config.SII_BHE_BASE_URL ?? 'https://loa.sii.cl').replace(/\/+$/, ''),
    chromiumPath: config.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
    portalTimeoutMs: config.PORTAL_TIMEOUT_MS,
    registroCacheTtlSeconds: config.REGISTRO_CACHE_TTL_SECONDS,
    auditoriaRetrySeconds: config.AUDITORIA_RETRY_SECONDS,
    notificacionesCacheTtlSeconds: config.NOTIFICACIONES_CACHE_TTL_SECONDS,
    bankApiBaseUrl: (config.BANK_API_BASE_URL ?? 'https://api.fintoc.com').replace(/\/+$/, ''),
    bankApiKey: config.BANK_API_KEY?.trim() || undefined,
    bankLinkTokens: parseBankLinkTokens(config.BANK_LINK_TOKENS),
    bankLinksKey: bankLinksKeyOf(config.BANK_LINKS_KEY),
    bankTimeoutMs: config.BANK_TIMEOUT_MS,
  };
}

/** Names of the settings {@link TaxGatewayConfig} adds to the common ones. */
const TAX_SETTING_NAMES = [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(TaxGatewayConfig, '', true, false)
      .filter((m) => m.target === TaxGatewayConfig)
      .map((m) => m.propertyName),
  ),
];

/** Only the tax settings, by {@link TaxGatewayConfig}'s rules: for unit tests and tools without a complete app configuration. */
export function loadTaxSettings(env: Record<string, unknown> = process.env): TaxSettings {
  return taxSettingsOf(loadConfig(TaxGatewayConfig, env, { only: TAX_SETTING_NAMES }));
}
