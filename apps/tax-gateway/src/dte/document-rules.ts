import Decimal from 'decimal.js';
import { EmitirDto } from '@lib/contracts';
import { Montos, RUT_RECEPTOR_EXPORTACION, TIPOS_DTE_EMITIDOS, TIPOS_EXPORTACION, esExportacion } from '@lib/dte';
import { ProblemException } from '@lib/schemas';

/** Whether a note's reference names the tenant's own document issued through this gateway (not externo, RUTOtr nor IndGlobal). */
export function isReferenciaPropia(r: NonNullable<EmitirDto['referencias']>[number], tipoNota: number): boolean {
  const referibles = REFERIBLES[tipoNota];
  return !r.externo && !r.rut_otro && !r.global && !!referibles?.has(Number(r.tipo_doc)) && /^\d{1,18}$/.test(r.folio);
}

/** The note's one reference to an own document, or undefined if none or several: notes add up against a total only if they name one. */
export function findReferenciaPropia(dto: EmitirDto): { index: number; tipoDte: number; folio: number } | undefined {
  if (!esNota(dto.tipo_dte)) return undefined;
  const propias = (dto.referencias ?? []).flatMap((r, index) => (isReferenciaPropia(r, dto.tipo_dte) ? [{ r, index }] : []));
  if (propias.length !== 1) return undefined;
  const [{ r, index }] = propias;
  return { index, tipoDte: Number(r.tipo_doc), folio: Number(r.folio) };
}

/** Own documents a note (56, 61) may modify: a guía (52) is billed by a factura, not corrected by a note (Formato DTE v2.2 §2.1 zone D). */
export const OWN_DTE_TYPES: ReadonlySet<number> = new Set(TIPOS_DTE_EMITIDOS.filter((t) => t !== 52 && !esExportacion(t)));

// Export notes (111, 112) "referenciar la factura de exportación que modifica" (Formato DTE v2.2 §E).
const REFERIBLES: Readonly<Record<number, ReadonlySet<number>>> = {
  56: OWN_DTE_TYPES,
  61: OWN_DTE_TYPES,
  111: new Set(TIPOS_EXPORTACION),
  112: new Set(TIPOS_EXPORTACION),
};

/** A nota de débito or de crédito, domestic (56, 61) or of export (111, 112). */
export function esNota(tipo: number): boolean {
  return REFERIBLES[tipo] !== undefined;
}

/**
 * A credit note takes off at most what the document and its debit notes charged less earlier credits (Formato DTE v2.2 §E CodRef:
 * crediting more than was charged has nothing to correct). Amounts are MntTotal in CLP.
 */
export function checkSaldoNotas(
  index: number,
  total: number,
  original: DocumentoReferido,
  notas: { debitos: number; creditos: number },
): void {
  const saldo = original.total + notas.debitos - notas.creditos;
  if (total <= saldo) return;
  throw refuse(
    'referencia_exceeds_original',
    `tipo_dte ${original.tipoDte} N° ${original.folio} totals ${original.total}, with ${notas.debitos} in debit notes and ` +
      `${notas.creditos} already credited: at most ${saldo} may be credited, not ${total}.`,
    `referencias.${index}`,
  );
}

/** The part of an emitted document a note's reference is checked against. */
export interface DocumentoReferido {
  tipoDte: number;
  folio: number;
  receptorRut: string;
  total: number;
}

const refuse = (error: string, detail: string, field?: string): ProblemException =>
  new ProblemException(422, error, detail, field ? { errors: [{ field, message: detail }] } : {});

/**
 * SII content rules, checked before a folio is taken (Formato DTE v2.2: field 35 IndExe, Referencia fields 86-92, §2.2 "Notas de
 * crédito y débito"). `today`: the emission day in America/Santiago.
 */
export function checkDocumentRules(dto: EmitirDto, montos: Montos, today: string): void {
  const fecha = dto.fecha_emision ?? today;
  if (fecha > today) throw refuse('fecha_emision_future', `fecha_emision ${fecha} is after today (${today}).`, 'fecha_emision');
  // FmaPago is obligatory on facturas (Formato DTE v2.2, Cambios 31/05/2017 item 3): the SII would read a missing one as 2, crédito.
  if ((dto.tipo_dte === 33 || dto.tipo_dte === 34 || dto.tipo_dte === 46) && dto.forma_pago === undefined) {
    throw refuse(
      'forma_pago_required',
      `A tipo_dte ${dto.tipo_dte} says how it is paid: forma_pago 1 (contado), 2 (crédito) or 3 (sin costo).`,
      'forma_pago',
    );
  }
  if (
    dto.tipo_dte === 33 &&
    dto.detalle.every(
      (d) => d.exento === true || d.no_facturable === true || d.no_facturable_negativo === true || d.garantia_envase === true,
    )
  ) {
    throw refuse('all_lines_exempt', 'Every line of this factura is exempt: issue a factura exenta (tipo_dte 34).', 'detalle');
  }
  const taxed = dto.detalle.findIndex((d) => d.exento === false);
  if (dto.tipo_dte === 34 && taxed >= 0) {
    throw refuse('taxed_line_in_34', 'A factura exenta (34) has only exempt lines; issue a 33 for taxed ones.', `detalle.${taxed}.exento`);
  }
  checkGuia(dto);
  if (esNota(dto.tipo_dte)) checkNoteReferences(dto, montos);
}

/** Export documents go to 55555555-5 (Formato DTE v2.2 §A field 50), a 110 names CiudadRecep (field 62); checked before the totals. */
export function checkExportacion(dto: EmitirDto): void {
  if (!esExportacion(dto.tipo_dte)) {
    if (dto.exportacion === undefined) return;
    throw refuse(
      'exportacion_not_applicable',
      `exportacion is for an export document (110, 111, 112), not a ${dto.tipo_dte}.`,
      'exportacion',
    );
  }
  if (!dto.exportacion) {
    throw refuse(
      'exportacion_required',
      `A tipo_dte ${dto.tipo_dte} carries exportacion: moneda, tipo_cambio and the aduana section.`,
      'exportacion',
    );
  }
  if (dto.receptor.rut !== RUT_RECEPTOR_EXPORTACION) {
    throw refuse(
      'receptor_extranjero_required',
      `The receptor of an export document is ${RUT_RECEPTOR_EXPORTACION} (the foreign buyer is named by razon_social and exportacion.nacionalidad).`,
      'receptor.rut',
    );
  }
  if (dto.tipo_dte === 110 && !dto.receptor.ciudad) {
    throw refuse('receptor_ciudad_required', 'A factura de exportación (110) names the receptor’s city (CiudadRecep).', 'receptor.ciudad');
  }
}

/** TpoDocLiq (Formato DTE v2.2 §B field 4) and Comisiones (§F) are a 43's only; checked before the totals so the answer names the field. */
export function checkLiquidacion(dto: EmitirDto): void {
  const liquidacion = dto.tipo_dte === 43;
  if (liquidacion && !dto.comisiones?.length) {
    throw refuse('comisiones_required', 'A liquidación-factura (43) carries its comisiones y otros cargos (1 to 20).', 'comisiones');
  }
  if (!liquidacion && dto.comisiones?.length) {
    throw refuse('comisiones_not_applicable', `comisiones belong to a liquidación-factura (43), not a ${dto.tipo_dte}.`, 'comisiones');
  }
  const linea = dto.detalle.findIndex((d) => (d.tipo_doc_liq !== undefined) !== liquidacion);
  if (linea < 0) return;
  if (liquidacion) {
    throw refuse(
      'tipo_doc_liq_required',
      'Each line of a liquidación-factura (43) says the type of the document it liquidates.',
      `detalle.${linea}.tipo_doc_liq`,
    );
  }
  throw refuse(
    'tipo_doc_liq_not_applicable',
    `tipo_doc_liq is for a liquidación-factura (43), not a ${dto.tipo_dte}.`,
    `detalle.${linea}.tipo_doc_liq`,
  );
}

// IndTraslado and CmnaDest are obligatory on a guía, IndServicio not allowed (Formato DTE v2.2 §A, GUIA column of fields 7, 9, 72).
function checkGuia(dto: EmitirDto): void {
  if (dto.tipo_dte !== 52) {
    if (dto.ind_traslado === undefined) return;
    throw refuse('ind_traslado_not_applicable', `ind_traslado is for a guía de despacho (52), not a ${dto.tipo_dte}.`, 'ind_traslado');
  }
  if (dto.ind_traslado === undefined) {
    throw refuse('ind_traslado_required', 'A guía de despacho (52) says why the goods move: ind_traslado 1 to 9.', 'ind_traslado');
  }
  if (!dto.transporte?.comuna_destino) {
    throw refuse(
      'comuna_destino_required',
      'A guía de despacho (52) says where the goods go: transporte.comuna_destino.',
      'transporte.comuna_destino',
    );
  }
  if (dto.indicador_servicio !== undefined) {
    throw refuse('indicador_servicio_not_applicable', 'A guía de despacho (52) carries no indicador_servicio.', 'indicador_servicio');
  }
}

function checkNoteReferences(dto: EmitirDto, montos: Montos): void {
  const referencias = dto.referencias ?? [];
  if (!referencias.some((r) => r.codigo !== undefined)) {
    throw refuse(
      'codref_required',
      `A tipo_dte ${dto.tipo_dte} must say what it does to the document it references (referencias[].codigo).`,
      'referencias',
    );
  }
  // A reference to a document (numeric TpoDocRef) counts; a SET reference of certification does not (docs/research/sii-protocol.md §10).
  const documentos = referencias.filter((r) => /^\d+$/.test(r.tipo_doc));
  const single = referencias.findIndex((r) => r.codigo === 1 || r.codigo === 2);
  if (single >= 0 && documentos.length > 1) {
    throw refuse(
      'codref_single_reference',
      'A note that annuls (CodRef 1) or corrects text (CodRef 2) references exactly one document.',
      `referencias.${single}.codigo`,
    );
  }
  if (referencias.some((r) => r.codigo === 2) && montos.total !== 0) {
    throw refuse(
      'codref2_with_amounts',
      'A note that corrects text (CodRef 2) carries no amounts: every precio_unitario must be 0.',
      'detalle',
    );
  }
}

/**
 * A note against the own document it references: same receptor, an annulment (CodRef 1) for exactly its total (Formato DTE v2.2 §E
 * CodRef). Credit limits: {@link checkSaldoNotas}; a debit note may charge more than the original.
 */
export function checkReferencedDocument(
  index: number,
  codigo: number | undefined,
  original: DocumentoReferido | null,
  dto: EmitirDto,
  montos: Montos,
  monedas?: { original: { moneda: string; total: string }; nota: { moneda: string; total: string } },
): void {
  const field = `referencias.${index}`;
  const ref = dto.referencias?.[index];
  if (!original) {
    throw refuse(
      'referencia_not_found',
      `The tenant issued no tipo_dte ${ref?.tipo_doc} N° ${ref?.folio} through this gateway (a document issued elsewhere: externo: true).`,
      field,
    );
  }
  if (original.receptorRut !== dto.receptor.rut) {
    throw refuse(
      'referencia_receptor_mismatch',
      `tipo_dte ${original.tipoDte} N° ${original.folio} was issued to ${original.receptorRut}, not to ${dto.receptor.rut}.`,
      field,
    );
  }
  // An export's annulment is judged in its currency (REF-2-780, docs/research/exportacion.md §4), not in pesos at another rate.
  const [antes, ahora] = monedas
    ? [`${monedas.original.total} ${monedas.original.moneda}`, `${monedas.nota.total} ${monedas.nota.moneda}`]
    : [String(original.total), String(montos.total)];
  const iguales = monedas
    ? monedas.original.moneda === monedas.nota.moneda && new Decimal(monedas.original.total).eq(monedas.nota.total)
    : montos.total === original.total;
  if (codigo === 1 && !iguales) {
    throw refuse(
      'anulacion_monto_mismatch',
      `An annulment (CodRef 1) carries the total of the document it annuls: ${antes}, not ${ahora}.`,
      field,
    );
  }
}
