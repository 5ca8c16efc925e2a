import { Caf, cafKeyPairMatches, cafLastValidDate, siiCafCertificate, verifyCafSignature } from '@lib/dte';
import { ProblemException } from '@lib/schemas';

/** DTE types the gateway emits, hence accepts CAFs for. */
export const EMITTED_TYPES = [33, 34, 56, 61] as const;

export interface CafCheckOptions {
  /** Canonical tenant RUT the CAF must belong to (DA/RE). */
  tenant: string;
  /** Today in America/Santiago, YYYY-MM-DD. */
  today: string;
  /** The sim authority certificate, trusted only with SII_TRUST_SIM_CAF=true outside prod. */
  simCertificatePem?: string;
  /** TAX_ENV: the CAF's IDK must belong to it. */
  taxEnv: 'cert' | 'prod';
}

/** The IDK of the SII's CAF-signing key per environment: 100 certification (maullin), 300 production (palena). */
const SII_IDK = { cert: 100, prod: 300 } as const;

/**
 * Refuses a CAF signed for the other environment: a certification CAF (IDK 100) cannot stamp documents
 * sent to palena, nor a production one (IDK 300) documents sent to maullin. Another IDK is the sim
 * authority's, usable only where it is trusted (certification with SII_TRUST_SIM_CAF=true).
 * Source: the SII's CAF-signing certificates shipped in libs/dte assets (siiCafCertificate).
 * @throws ProblemException 422 `caf_environment_mismatch`.
 */
export function assertCafEnvironment(idk: number, taxEnv: 'cert' | 'prod', simTrusted: boolean): void {
  const siiIdk = idk === SII_IDK.cert || idk === SII_IDK.prod;
  if (siiIdk ? idk === SII_IDK[taxEnv] : simTrusted && taxEnv === 'cert') return;
  throw new ProblemException(
    422,
    'caf_environment_mismatch',
    `The CAF has IDK ${idk}; TAX_ENV=${taxEnv} takes CAFs of IDK ${SII_IDK[taxEnv]}${taxEnv === 'cert' && simTrusted ? ' or the sim authority' : ''}.`,
    { idk },
  );
}

/**
 * Checks a parsed CAF before it is accepted (docs/research/sii-protocol.md §3.4, LibreDTE's three steps, plus ours):
 * 1. the type is one the gateway emits (422 `caf_tipo_unsupported`);
 * 2. FRMA verifies with the SII certificate of its IDK, or the sim authority when trusted
 *    (422 `caf_signature_invalid`);
 * 3. RSASK is present and is the private half of RSAPK (422 `caf_key_mismatch`);
 * 4. DA/RE is the tenant (422 `caf_tenant_mismatch`), and its IDK belongs to TAX_ENV (422 `caf_environment_mismatch`);
 * 5. it has not expired: 33/56/61 are usable until FA + 6 months - 1 day (docs/research/sii-protocol.md §1.10); 34 is not
 *    in the SII's expiring list, so a 34 CAF does not expire here (422 `caf_expired`).
 * @returns the last valid date (YYYY-MM-DD) or null when the type does not expire.
 */
export function checkCaf(caf: Caf, opts: CafCheckOptions): string | null {
  if (!(EMITTED_TYPES as readonly number[]).includes(caf.td)) {
    throw new ProblemException(
      422,
      'caf_tipo_unsupported',
      `CAF for tipo_dte ${caf.td}: the gateway emits only ${EMITTED_TYPES.join(', ')}.`,
    );
  }
  if (caf.desde < 1 || caf.hasta < caf.desde)
    throw new ProblemException(422, 'caf_invalid', `CAF range ${caf.desde}-${caf.hasta} is not valid.`);
  if (!frmaVerifies(caf, opts.simCertificatePem)) {
    throw new ProblemException(
      422,
      'caf_signature_invalid',
      `The CAF signature (FRMA) does not verify with the authority certificate of IDK ${caf.idk}.`,
    );
  }
  assertCafEnvironment(caf.idk, opts.taxEnv, opts.simCertificatePem !== undefined);
  if (!caf.rsask) throw new ProblemException(422, 'caf_key_mismatch', 'The CAF file carries no RSASK (folio private key).');
  if (!cafKeyPairMatches(caf))
    throw new ProblemException(422, 'caf_key_mismatch', 'RSASK is not the private key of the CAF public key RSAPK.');
  if (caf.re !== opts.tenant) {
    throw new ProblemException(422, 'caf_tenant_mismatch', `The CAF belongs to ${caf.re}, not to the tenant ${opts.tenant}.`, {
      caf_rut: caf.re,
    });
  }
  const lastValid = cafLastValidDate(caf) ?? null;
  if (lastValid !== null && opts.today > lastValid) {
    throw new ProblemException(422, 'caf_expired', `The CAF authorized on ${caf.fa} expired after ${lastValid} (6 months).`, {
      ultimo_dia_valido: lastValid,
    });
  }
  return lastValid;
}

/**
 * Checks, at emission, that the CAF chosen for a folio may stamp a document dated `fecha`: not before
 * the CAF's authorization date (DA/FA; a folio does not exist before the SII authorizes it) and of an
 * IDK of this environment (see {@link assertCafEnvironment}).
 * @throws ProblemException 422 `fecha_before_caf` or `caf_environment_mismatch`.
 */
export function assertCafStamps(
  caf: { fechaAutorizacion: string; idk: number },
  fecha: string,
  taxEnv: 'cert' | 'prod',
  simTrusted: boolean,
): void {
  if (fecha < caf.fechaAutorizacion) {
    throw new ProblemException(
      422,
      'fecha_before_caf',
      `fecha_emision ${fecha} is before the CAF's authorization date ${caf.fechaAutorizacion}.`,
      {
        errors: [{ field: 'fecha_emision', message: `before ${caf.fechaAutorizacion}` }],
      },
    );
  }
  assertCafEnvironment(caf.idk, taxEnv, simTrusted);
}

/**
 * True when the CAF's FRMA verifies with the SII certificate of its IDK (libs/dte assets, from
 * libs/dte/assets/certs) or, when given, the sim authority's (trusted only with SII_TRUST_SIM_CAF=true).
 * Used for uploaded CAFs and for the CAF inside a received DTE's TED.
 */
export function frmaVerifies(caf: Caf, simPem?: string): boolean {
  const siiPem = siiCafCertificate(caf.idk);
  if (siiPem && safeVerify(caf, siiPem)) return true;
  return !!simPem && safeVerify(caf, simPem);
}

function safeVerify(caf: Caf, pem: string): boolean {
  try {
    return verifyCafSignature(caf, pem);
  } catch {
    return false;
  }
}
