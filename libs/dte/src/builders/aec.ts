import { DteBuildError } from '../errors';
import { contacto, el, fecha, optText, posInt, reqText, rut, timestamp } from './text';

// The cesión's file (SII "Formato Archivo Electrónico de Cesión" v1.1, AEC_v10.xsd): each part is signed with the SiiDte namespace on its
// root, embedded byte for byte in the next whose root declares only that: every signature verifies in place (docs/research/cesion.md §1.2).

/** The types a cesión may carry (Cesion_v10.xsd DTEFacturasType; FMT "Sólo códigos 33, 34, 46 y 43"). */
export const TIPOS_CEDIBLES: readonly number[] = [33, 34, 43, 46];

const NS = 'xmlns="http://www.sii.cl/SiiDte"';

/** The DTE assigned, as the SII registered it (Cesion IdDTE: TipoDTE, RUTEmisor, RUTReceptor, Folio, FchEmis, MntTotal). */
export interface IdDteInput {
  tipo_dte: number;
  rut_emisor: string;
  rut_receptor: string;
  folio: number;
  fecha_emision: string;
  monto_total: number;
}

/** A company in a cesión: RazonSocial ≤ 100, Direccion 5..80, eMail 6..80 (Cesion_v10.xsd). */
export interface ParteCesionInput {
  rut: string;
  razon_social: string;
  direccion: string;
  email: string;
}

/** One cesión (FMT §C): 1 to 3 RUTAutorizado sign it; DeclaracionJurada when the receipt was on paper; whole CLP, America/Santiago. */
export interface CesionInput {
  seq: number;
  id_dte: IdDteInput;
  cedente: ParteCesionInput & { autorizados: { rut: string; nombre: string }[]; declaracion_jurada?: string };
  cesionario: ParteCesionInput;
  monto: number;
  ultimo_vencimiento: string;
  otras_condiciones?: string;
  email_deudor?: string;
  tmst_cesion: string;
}

/** AEC Caratula (AEC_v10.xsd): the cedente and cesionario of the last cesión, an optional contact, TmstFirmaEnvio. */
export interface CaratulaAecInput {
  rut_cedente: string;
  rut_cesionario: string;
  contacto?: { nombre?: string; telefono?: string; email?: string };
  tmst_firma_envio: string;
}

function parte(nombre: 'Cedente' | 'Cesionario', p: ParteCesionInput, extra = ''): string {
  // Cesion_v10.xsd Direccion minLength 5: refused here (422) rather than by the XSD after signing (500).
  if (p.direccion.trim().length < 5) throw new DteBuildError(`${nombre}.Direccion must have at least 5 characters`);
  return (
    `<${nombre}>` +
    el('RUT', rut(`${nombre}.RUT`, p.rut)) +
    reqText('RazonSocial', p.razon_social, 100) +
    reqText('Direccion', p.direccion, 80, 'truncate') +
    reqText('eMail', p.email, 80) +
    extra +
    `</${nombre}>`
  );
}

function idDte(d: IdDteInput): string {
  if (!TIPOS_CEDIBLES.includes(d.tipo_dte)) {
    throw new DteBuildError(`a ${d.tipo_dte} cannot be assigned: only ${TIPOS_CEDIBLES.join(', ')} (Cesion_v10.xsd DTEFacturasType)`);
  }
  return (
    '<IdDTE>' +
    el('TipoDTE', d.tipo_dte) +
    el('RUTEmisor', rut('RUTEmisor', d.rut_emisor)) +
    el('RUTReceptor', rut('RUTReceptor', d.rut_receptor)) +
    el('Folio', posInt('Folio', d.folio)) +
    el('FchEmis', fecha('FchEmis', d.fecha_emision)) +
    el('MntTotal', posInt('MntTotal', d.monto_total, 18)) +
    '</IdDTE>'
  );
}

/** Unsigned `<DTECedido><DocumentoDTECedido ID>` around the signed DTE verbatim. @throws DteBuildError when it is not a signed DTE */
export function buildDteCedido(signedDte: string, tmstFirma: string, id: string): string {
  if (!/^<DTE[\s>][\s\S]*<Signature[\s\S]*<\/DTE>$/.test(signedDte.trim())) {
    throw new DteBuildError('signedDte must be the signed <DTE> element as issued');
  }
  return (
    `<DTECedido ${NS} version="1.0"><DocumentoDTECedido ID="${id}">${signedDte.trim()}` +
    `${el('TmstFirma', timestamp('TmstFirma', tmstFirma))}</DocumentoDTECedido></DTECedido>`
  );
}

/** Unsigned `<Cesion><DocumentoCesion ID>` (FMT §C). @throws DteBuildError for MontoCesion above the DTE's total or UltimoVencimiento
 * before its FchEmis (the registry's rules, docs/research/cesion.md §4), a type not assignable, 0 or > 3 autorizados, seq outside 1..40 */
export function buildCesion(c: CesionInput, id: string): string {
  if (!Number.isInteger(c.seq) || c.seq < 1 || c.seq > 40) throw new DteBuildError('SeqCesion is 1 to 40');
  if (c.cedente.autorizados.length < 1 || c.cedente.autorizados.length > 3) {
    throw new DteBuildError('a cesión names 1 to 3 RUTAutorizado, the people who sign it (FMT C.2)');
  }
  if (c.monto < 1 || c.monto > c.id_dte.monto_total) {
    throw new DteBuildError(`MontoCesion ${c.monto} must be between 1 and the document's total ${c.id_dte.monto_total}`);
  }
  if (fecha('UltimoVencimiento', c.ultimo_vencimiento) < c.id_dte.fecha_emision) {
    throw new DteBuildError(`UltimoVencimiento ${c.ultimo_vencimiento} is before the document's date ${c.id_dte.fecha_emision}`);
  }
  const autorizados = c.cedente.autorizados
    .map(
      (a) => `<RUTAutorizado>${el('RUT', rut('RUTAutorizado.RUT', a.rut))}${reqText('Nombre', a.nombre, 40, 'truncate')}</RUTAutorizado>`,
    )
    .join('');
  return (
    `<Cesion ${NS} version="1.0"><DocumentoCesion ID="${id}">` +
    el('SeqCesion', c.seq) +
    idDte(c.id_dte) +
    parte('Cedente', c.cedente, autorizados + optText('DeclaracionJurada', c.cedente.declaracion_jurada, 512)) +
    parte('Cesionario', c.cesionario) +
    el('MontoCesion', posInt('MontoCesion', c.monto, 18)) +
    el('UltimoVencimiento', c.ultimo_vencimiento) +
    optText('OtrasCondiciones', c.otras_condiciones, 512) +
    optText('eMailDeudor', c.email_deudor, 80) +
    el('TmstCesion', timestamp('TmstCesion', c.tmst_cesion)) +
    '</DocumentoCesion></Cesion>'
  );
}

/** Unsigned `<AEC><DocumentoAEC ID>` around the signed DTECedido and Cesion elements verbatim; the Caratula names the last cesión's
 * parties (docs/research/cesion.md §1.1). @throws DteBuildError when a part is not the element it should be, or 0 or > 40 cesiones */
export function buildAec(caratula: CaratulaAecInput, signedDteCedido: string, signedCesiones: string[], id: string): string {
  if (!/^<DTECedido[\s>][\s\S]*<\/DTECedido>$/.test(signedDteCedido.trim()))
    throw new DteBuildError('signedDteCedido must be a <DTECedido>');
  if (signedCesiones.length < 1 || signedCesiones.length > 40) throw new DteBuildError('an AEC carries 1 to 40 Cesion');
  if (signedCesiones.some((c) => !/^<Cesion[\s>][\s\S]*<\/Cesion>$/.test(c.trim())))
    throw new DteBuildError('each cesion must be a <Cesion>');
  const k = caratula.contacto ?? {};
  return (
    `<AEC ${NS} version="1.0"><DocumentoAEC ID="${id}"><Caratula version="1.0">` +
    el('RutCedente', rut('RutCedente', caratula.rut_cedente)) +
    el('RutCesionario', rut('RutCesionario', caratula.rut_cesionario)) +
    contacto(k.nombre, k.telefono, k.email) +
    el('TmstFirmaEnvio', timestamp('TmstFirmaEnvio', caratula.tmst_firma_envio)) +
    `</Caratula><Cesiones>${signedDteCedido.trim()}${signedCesiones.map((c) => c.trim()).join('')}</Cesiones></DocumentoAEC></AEC>`
  );
}
