import { Caf, TIPOS_CON_CAF, cafKeyPairMatches, cafLastValidDate, siiCafCertificate, verifyCafSignature } from '@lib/dte';
import { ProblemException } from '@lib/schemas';

export interface CafCheckOptions {
  tenant: string;
  today: string;
  /** The sim authority certificate, trusted only with SII_TRUST_SIM_CAF=true outside prod. */
  simCertificatePem?: string;
  taxEnv: 'cert' | 'prod';
}

/** The IDK of the SII's CAF-signing key per environment: 100 certification (maullin), 300 production (palena). */
const SII_IDK = { cert: 100, prod: 300 } as const;

/** A CAF stamps only in its IDK's environment; other IDKs are the sim authority's (libs/dte siiCafCertificate). */
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

// docs/research/sii-protocol.md §3.4 (LibreDTE's three steps plus ours). 33/56/61 are usable until FA + 6 months - 1 day (§1.10); 34 is
// not in the SII's expiring list. Answers the last valid date, or null.
export function checkCaf(caf: Caf, opts: CafCheckOptions): string | null {
  if (!(TIPOS_CON_CAF as readonly number[]).includes(caf.td)) {
    throw new ProblemException(
      422,
      'caf_tipo_unsupported',
      `CAF for tipo_dte ${caf.td}: the gateway emits only ${TIPOS_CON_CAF.join(', ')}.`,
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

/** A folio does not exist before the SII authorizes its CAF (DA/FA), and the CAF's IDK must be of this environment. */
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

/** FRMA verified with the SII certificate of its IDK (libs/dte/assets/certs) or the sim authority's, when trusted. */
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
