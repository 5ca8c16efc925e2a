import { Inject, Injectable } from '@nestjs/common';
import {
  conNamespaceSii,
  declaraNamespace,
  encodeLatin1,
  findFirst,
  sinDocPersonalizado,
  parseXmlDocument,
  decodeXml,
  tedCaf,
  tedDiscrepancias,
  textOf,
  totalesDiscrepancias,
  validateXsd,
  type ParsedDte,
} from '@lib/dte';
import { errorText } from '@lib/schemas';
import { frmaVerifies } from '../caf/caf-verification';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SignerClient } from '../signer/signer-client';

/** The form a check ran on (docs/tax-gateway.md "Reception": the shapes real issuers send). */
export type FormaVerificada = 'recibido' | 'extraido' | 'con_namespace';

/** One check of a received file or document, with why it failed, and for xsd and firma_documento the form checked. */
export interface Verificacion {
  verificacion: string;
  ok: boolean;
  detalle?: string;
  forma?: FormaVerificada;
}

/** EstadoRecepDTE of RespuestaEnvioDTE_v10.xsd: 0 ok, 1 signature, 2 issuer RUT, 3 receiver RUT, 4 repeated, 99 other. */
export type EstadoRecepDte = 0 | 1 | 2 | 3 | 4 | 99;

/** EstadoRecepEnv of RespuestaEnvioDTE_v10.xsd: 0 ok, 1 schema, 2 signature, 3 receiver RUT, 90 repeated, 91 unreadable, 99 other. */
export type EstadoRecepEnv = 0 | 1 | 2 | 3 | 90 | 91 | 99;

export interface DocumentoVerificado {
  dte: ParsedDte;
  verificaciones: Verificacion[];
  estado: EstadoRecepDte;
  glosa: string;
}

export interface EnvioVerificado {
  /** SetDTE/@ID, or the Documento/@ID of a standalone DTE. */
  setId: string;
  /** Caratula RutEmisor, or the issuer of a standalone DTE. */
  rutEmisor: string;
  verificaciones: Verificacion[];
  estado: EstadoRecepEnv;
  glosa: string;
  documentos: DocumentoVerificado[];
}

/** Glosas of EstadoRecepEnv and EstadoRecepDTE as the answers print them (RespuestaEnvioDTE_v10.xsd annotations). */
export const GLOSA_ENVIO: Record<EstadoRecepEnv, string> = {
  0: 'Envio Recibido Conforme',
  1: 'Envio Rechazado - Error de Schema',
  2: 'Envio Rechazado - Error de Firma',
  3: 'Envio Rechazado - RUT Receptor No Corresponde',
  90: 'Envio Rechazado - Archivo Repetido',
  91: 'Envio Rechazado - Archivo Ilegible',
  99: 'Envio Rechazado - Otros',
};
export const GLOSA_DTE: Record<EstadoRecepDte, string> = {
  0: 'DTE Recibido OK',
  1: 'DTE No Recibido - Error de Firma',
  2: 'DTE No Recibido - Error en RUT Emisor',
  3: 'DTE No Recibido - Error en RUT Receptor',
  4: 'DTE No Recibido - DTE Repetido',
  99: 'DTE No Recibido - Error en Otros',
};

// What a failed check means for EstadoRecepDTE; the first failing check in this order decides.
const DTE_CODE: [string, EstadoRecepDte][] = [
  ['firma_envio', 1],
  ['firma_documento', 1],
  ['ted_firma', 1],
  ['caf', 1],
  ['caf_emisor', 2],
  ['caratula_receptor', 3],
  ['receptor', 3],
];

const ok = (verificacion: string): Verificacion => ({ verificacion, ok: true });
const fail = (verificacion: string, detalle: string): Verificacion => ({ verificacion, ok: false, detalle });

// Intercambio rules (docs/research/sii-protocol.md §3.5; docs/tax-gateway.md "Reception"). Signer failures propagate: nothing is
// judged on a half-run verification.
@Injectable()
export class RecepcionVerifier {
  constructor(
    private readonly signer: SignerClient,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
  ) {}

  async verify(tenant: string, bytes: Buffer, dtes: ParsedDte[]): Promise<EnvioVerificado> {
    const text = decodeXml(bytes);
    const doc = parseXmlDocument(text);
    const envio = doc.documentElement.localName === 'EnvioDTE';
    const setId = envio ? (findFirst(doc.documentElement, 'SetDTE')?.getAttribute('ID') ?? '') : (dtes[0].id ?? '');
    const rutEmisor = envio ? (textOf(findFirst(doc.documentElement, 'Caratula') as Element, 'RutEmisor') ?? '') : dtes[0].emisor.rut;
    const verificaciones = [await this.verifySchema(text, envio)];
    if (envio) {
      verificaciones.push(await this.verifyFirma('firma_envio', bytes, `#${setId}`));
      const receptor = textOf(findFirst(doc.documentElement, 'Caratula') as Element, 'RutReceptor');
      verificaciones.push(
        receptor === tenant
          ? ok('caratula_receptor')
          : fail('caratula_receptor', `Caratula RutReceptor ${receptor ?? '(none)'} is not ${tenant}`),
      );
    }
    const documentos: DocumentoVerificado[] = [];
    for (const dte of dtes) documentos.push({ dte, ...verdict(verificaciones, await this.verifyDocumento(tenant, bytes, dte, envio)) });
    const estado = envioEstado(verificaciones);
    return { setId, rutEmisor, verificaciones, estado, glosa: glosaOf(GLOSA_ENVIO[estado], verificaciones), documentos };
  }

  // Adds a missing SII namespace (the schemas declare DTE only in it), drops DocPersonalizado (issuer extension); bytes kept as received.
  private async verifySchema(text: string, envio: boolean): Promise<Verificacion> {
    const forma: FormaVerificada = declaraNamespace(text) ? 'recibido' : 'con_namespace';
    const result = await validateXsd(sinDocPersonalizado(conNamespaceSii(text)), envio ? 'EnvioDTE' : 'DTE');
    return result.valid ? { ...ok('xsd'), forma } : { ...fail('xsd', result.errors.slice(0, 5).join('; ')), forma };
  }

  private async verifyFirma(name: string, bytes: Buffer, reference: string): Promise<Verificacion> {
    const check = await this.signer.verifyXml(bytes, reference);
    return check.valid ? ok(name) : fail(name, check.reasons.join('; ') || 'the signature does not verify');
  }

  // The forms real issuers sign: as received, the DTE alone (inclusive C14N takes in the envelope's namespaces), the DTE alone with the
  // SII namespace (lib-cl-sii-python `clean_dte_xml(set_missing_xmlns=True)`). Same characters, so a form that verifies proves the content.
  private async verifyFirmaDocumento(bytes: Buffer, dte: ParsedDte, envio: boolean): Promise<Verificacion> {
    if (!dte.signed) return fail('firma_documento', 'the DTE carries no Signature');
    const reference = `#${dte.id ?? ''}`;
    // The copies are UTF-8 without a declaration (XML's default): C14N works on characters, not on the file's encoding.
    const formas: [FormaVerificada, Buffer][] = [['recibido', bytes]];
    if (envio) formas.push(['extraido', Buffer.from(dte.xml, 'utf8')]);
    if (!declaraNamespace(dte.xml)) formas.push(['con_namespace', Buffer.from(conNamespaceSii(dte.xml), 'utf8')]);
    let reasons: string[] = [];
    for (const [forma, form] of formas) {
      const check = await this.signer.verifyXml(form, reference);
      if (check.valid) return { ...ok('firma_documento'), forma };
      if (forma === 'recibido') reasons = check.reasons;
    }
    return fail('firma_documento', reasons.join('; ') || 'the signature does not verify');
  }

  private async verifyDocumento(tenant: string, bytes: Buffer, dte: ParsedDte, envio: boolean): Promise<Verificacion[]> {
    return [
      await this.verifyFirmaDocumento(bytes, dte, envio),
      ...(await this.verifyTimbre(dte)),
      dte.receptor.rut === tenant ? ok('receptor') : fail('receptor', `RUTRecep ${dte.receptor.rut} is not ${tenant}`),
      discrepancias(
        'ted_documento',
        tedDiscrepancias(dte).map((d) => `${d.campo}: timbre ${d.timbre ?? '(none)'}, documento ${d.documento}`),
      ),
      discrepancias(
        'totales',
        totalesDiscrepancias(dte).map((d) => `${d.campo}: documento ${d.documento}, calculado ${d.calculado}`),
      ),
    ];
  }

  /** TED FRMT (through the signer) and the CAF it carries: FRMA, type, issuer and folio range. */
  private async verifyTimbre(dte: ParsedDte): Promise<Verificacion[]> {
    let caf;
    try {
      caf = tedCaf(dte);
    } catch (err) {
      const reason = errorText(err);
      return [fail('ted_firma', reason), fail('caf', reason), fail('caf_emisor', reason)];
    }
    const ted = await this.signer.verifyTed(encodeLatin1(dte.ted?.ddXml ?? ''), dte.ted?.frmt ?? '', caf.rsapk);
    const problems = [
      ...(frmaVerifies(caf, this.settings.simCafCertificatePem)
        ? []
        : [`FRMA does not verify with the authority certificate of IDK ${caf.idk}`]),
      ...(caf.td === dte.tipo_dte ? [] : [`CAF of tipo ${caf.td}, not ${dte.tipo_dte}`]),
      ...(dte.folio >= caf.desde && dte.folio <= caf.hasta ? [] : [`folio ${dte.folio} outside the CAF range ${caf.desde}-${caf.hasta}`]),
    ];
    return [
      ted.valid ? ok('ted_firma') : fail('ted_firma', ted.reasons.join('; ') || 'FRMT does not verify with the CAF key'),
      discrepancias('caf', problems),
      caf.re === dte.emisor.rut ? ok('caf_emisor') : fail('caf_emisor', `CAF of ${caf.re}, not of the issuer ${dte.emisor.rut}`),
    ];
  }
}

// Observations, never a refusal (Formato DTE v2.2 §2.2 "No se rechazan documentos por errores de contenido"): kept for ResultadoDTE/RCV.
const OBSERVACIONES = new Set(['totales']);

/** A document's EstadoRecepDTE: its own checks and the envelope's (a failed Caratula or signature fails every DTE). */
function verdict(envio: Verificacion[], own: Verificacion[]): Omit<DocumentoVerificado, 'dte'> {
  const failed = [...envio, ...own].filter((v) => !v.ok && !OBSERVACIONES.has(v.verificacion));
  const code = failed.length === 0 ? 0 : (DTE_CODE.find(([name]) => failed.some((f) => f.verificacion === name))?.[1] ?? 99);
  return { verificaciones: own, estado: code, glosa: glosaOf(GLOSA_DTE[code], failed) };
}

function discrepancias(name: string, problems: string[]): Verificacion {
  return problems.length === 0 ? ok(name) : fail(name, problems.join('; '));
}

function envioEstado(checks: Verificacion[]): EstadoRecepEnv {
  const failed = (name: string) => checks.some((c) => c.verificacion === name && !c.ok);
  if (failed('xsd')) return 1;
  if (failed('firma_envio')) return 2;
  if (failed('caratula_receptor')) return 3;
  return 0;
}

/** The state's glosa followed by the first failure's reason (RecepEnvGlosa/RecepDTEGlosa hold 256 characters). */
function glosaOf(base: string, checks: Verificacion[]): string {
  const first = checks.find((c) => !c.ok);
  return first ? `${base}: ${first.verificacion}: ${first.detalle ?? ''}`.slice(0, 256) : base;
}
