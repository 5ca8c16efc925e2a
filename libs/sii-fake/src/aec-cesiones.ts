import { santiagoTimestamp } from '@lib/dte';
import type { SiiFakeState } from './state';
import type { AecLeido, CesionLeida } from './aec-leido';
import { SIN_CONTEXTO, type DocumentoCedido } from './aec-documento';
import { PLAZO_MS, eventosDe } from './registro-reclamo';
import type { CesionRegistrada, FirmaInterna } from './types';

const RECLAMOS = ['RCD', 'RFP', 'RFT'];
const ACUSES = ['ERM', 'ACD'];

/** RCS "Cesion Invalida" (docs/research/cesion.md §4, INS): the problems, none when valid. */
export function juzgarCesiones(state: SiiFakeState, aec: AecLeido, doc: DocumentoCedido, firmas: FirmaInterna[]): string[] {
  const ahora = santiagoTimestamp(state.now());
  const fueraDeOrden = aec.cesiones.findIndex((c, i) => c.seq !== i + 1);
  if (fueraDeOrden >= 0) return [`SeqCesion ${aec.cesiones[fueraDeOrden].seq} fuera de secuencia: se esperaba ${fueraDeOrden + 1}`];
  return [
    ...aec.cesiones.flatMap((c, i) => reglasDeCesion(c, aec.cesiones[i - 1], doc, ahora)),
    ...firmas.filter((f) => !f.contexto && f.que.startsWith('Cesion')).map((f) => `Firma de ${f.que} invalida: ${SIN_CONTEXTO}`),
    ...contraElRegistro(state, aec.cesiones, doc),
    ...estadoDelDocumento(state, aec, doc),
  ];
}

/** INS (docs/research/cesion.md §4). */
function reglasDeCesion(c: CesionLeida, anterior: CesionLeida | undefined, doc: DocumentoCedido, ahora: string): string[] {
  const d = doc.dte;
  const total = Number(d.totales.mntTotal);
  const out = idDteDistinto(c, doc).map((campo) => `IdDTE/${campo} no corresponde al DTE cedido`);
  if (!c.cesionarioValido) out.push(`RUT del Cesionario ${c.cesionario} invalido`);
  if (c.montoCesion > total) out.push(`MontoCesion ${c.montoCesion} mayor que el MntTotal del DTE (${total})`);
  if (c.ultimoVencimiento < d.fchEmis) out.push(`UltimoVencimiento ${c.ultimoVencimiento} anterior a la FchEmis del DTE (${d.fchEmis})`);
  if (c.tmstCesion.slice(0, 19) > ahora) out.push(`TmstCesion ${c.tmstCesion} posterior a la recepcion (${ahora})`);
  const cedenteEsperado = anterior ? anterior.cesionario : doc.emisor;
  if (c.cedente !== cedenteEsperado) {
    out.push(
      `Cedente ${c.cedente} no es ${anterior ? `el Cesionario de la cesion ${anterior.seq}` : 'el Emisor del DTE'} (${cedenteEsperado})`,
    );
  }
  if (anterior?.declaracionJurada && !c.declaracionJurada) out.push(`sin DeclaracionJurada, que la cesion ${anterior.seq} tenia`);
  return out.map((p) => `Cesion ${c.seq}: ${p}`);
}

function idDteDistinto(c: CesionLeida, doc: DocumentoCedido): string[] {
  const { idDte } = c;
  const d = doc.dte;
  const pares: [string, string | number, string | number][] = [
    ['TipoDTE', idDte.tipo, d.tipo],
    ['RUTEmisor', idDte.emisor, doc.emisor],
    ['RUTReceptor', idDte.receptor, doc.registrado.document.receptor],
    ['Folio', idDte.folio, d.folio],
    ['FchEmis', idDte.fchEmis, d.fchEmis],
    ['MntTotal', idDte.mntTotal, Number(d.totales.mntTotal)],
  ];
  return pares.filter(([, a, b]) => a !== b).map(([campo, a]) => `${campo} ${a}`);
}

/** INS: "for later cesiones, the earlier transfers match those registered"; a file whose last cesión is registered adds nothing. */
function contraElRegistro(state: SiiFakeState, cesiones: CesionLeida[], doc: DocumentoCedido): string[] {
  const { document } = doc.registrado;
  const registradas = state.cesionesRegistradas(document.emisor, document.tipo, document.folio);
  const out = cesiones
    .filter((c) => registradas.some((r) => r.seq === c.seq && !misma(r, c)))
    .map((c) => `Cesion ${c.seq}: distinta de la cesion ${c.seq} registrada para el documento`);
  const ultima = cesiones[cesiones.length - 1];
  if (ultima && registradas.some((r) => r.seq === ultima.seq))
    out.push(`Cesion ${ultima.seq}: ya registrada, el archivo no trae una cesion nueva`);
  return out;
}

function misma(r: CesionRegistrada, c: CesionLeida): boolean {
  return (
    r.cedente === c.cedente &&
    r.cesionario === c.cesionario &&
    r.montoCesion === c.montoCesion &&
    r.ultimoVencimiento === c.ultimoVencimiento &&
    r.tmstCesion === c.tmstCesion
  );
}

/** RCL 24, 21, 25 and 22 (docs/research/cesion.md §4): the receipt an ERM or ACD, a Recibo or a DeclaracionJurada (FMT C.14), or
 * presumed 8 days after the SII received the DTE. */
function estadoDelDocumento(state: SiiFakeState, aec: AecLeido, doc: DocumentoCedido): string[] {
  const eventos = eventosDe(state, doc.registrado).map((e) => e.accion as string);
  const reclamo = eventos.find((e) => RECLAMOS.includes(e));
  if (reclamo) return [`DTE No Cedible, DTE reclamado por el receptor (${reclamo})`];
  const anulacion = notaDeAnulacion(state, doc);
  if (anulacion)
    return [`DTE No cedible, referenciado por nota de credito de anulacion del emisor dentro de los primeros 8 dias (${anulacion})`];
  const acuse = eventos.some((e) => ACUSES.includes(e)) || aec.recibos > 0 || aec.cesiones.some((c) => c.declaracionJurada);
  const presunto = state.now().getTime() - doc.registrado.receivedAt.getTime() > PLAZO_MS;
  if (acuse || presunto) return [];
  return [
    'No existe registro de reclamo o de recepcion de mercaderia o servicios: sin Recibo ni DeclaracionJurada, y no han pasado 8 dias desde la recepcion del DTE en el SII',
  ];
}

/** A credit note 61 of the issuer, received and not rejected within 8 days of the DTE, that annuls it (CodRef 1). */
function notaDeAnulacion(state: SiiFakeState, doc: DocumentoCedido): string | undefined {
  const { document, receivedAt } = doc.registrado;
  const nota = state
    .receivedDocuments()
    .find(
      (r) =>
        r.document.tipo === 61 &&
        r.document.emisor === document.emisor &&
        r.receivedAt.getTime() - receivedAt.getTime() <= PLAZO_MS &&
        r.document.referencias.some((ref) => ref.tipo === document.tipo && ref.folio === document.folio && ref.codigo === 1),
    );
  return nota && `T61F${nota.document.folio}`;
}
