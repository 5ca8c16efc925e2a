import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { requireEmpresa } from '../common/empresa-lock';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { inSnapshot } from '../common/snapshot';
import { TIPO_DTE_NOMBRE } from '../dte-recepcion/booking-rules';
import { Clasificacion, LibroIngresosEgresos, TotalSeccion } from './dto/libro-ingresos-egresos.view';

// $1 empresa, $2 desde, $3 hasta. Emitted DTEs are ingresos, received ones egresos; 61 subtracts.
// `monto` mirrors the booking rules: neto + exento, plus a positive rest of MntTotal (other taxes,
// charges: cost for the receptor), never IVA (recoverable, a tax account, not income or expense).
const FILAS_SQL = `
  WITH docs AS (
    SELECT 'ingreso' AS clasificacion, d.fecha_emision AS fecha, d.tipo_dte, d.folio, d.rut_receptor AS rut_contraparte,
           d.razon_social_receptor AS razon_social, d.neto, d.exento, d.iva, d.total
      FROM documento_emitido d WHERE d.empresa_id = $1 AND d.fecha_emision BETWEEN $2 AND $3
    UNION ALL
    SELECT 'egreso', f.fecha_emision, f.tipo_dte, f.folio, f.rut_emisor, f.razon_social_emisor, f.neto, f.exento, f.iva, f.total
      FROM factura f WHERE f.empresa_id = $1 AND f.fecha_emision BETWEEN $2 AND $3
  ), signed AS (
    SELECT *, CASE WHEN tipo_dte = 61 THEN -1 ELSE 1 END AS signo FROM docs
  )
  SELECT clasificacion,
         row_number() OVER (PARTITION BY clasificacion ORDER BY fecha, tipo_dte, folio, rut_contraparte) AS correlativo,
         fecha::text AS fecha, tipo_dte, folio, rut_contraparte, razon_social,
         signo * neto AS neto, signo * exento AS exento, signo * iva AS iva, signo * total AS total,
         signo * (neto + exento + GREATEST(total - neto - exento - iva, 0)) AS monto
    FROM signed`;

const TOTALES_SQL = `
  SELECT clasificacion, count(*) AS documentos, SUM(neto) AS neto, SUM(exento) AS exento, SUM(iva) AS iva,
         SUM(total) AS total, SUM(monto) AS monto
    FROM (${FILAS_SQL}) f GROUP BY clasificacion`;

const ZERO: TotalSeccion = { documentos: 0, neto: 0, exento: 0, iva: 0, total: 0, monto: 0 };
const AMOUNTS = ['neto', 'exento', 'iva', 'total', 'monto'] as const;

/**
 * Libro de ingresos y egresos (Pro-Pyme art. 14 D, Ley 21.210; format: Res. Ex. SII 14/2021, which
 * replaced Res. 129/2014), docs/research/registry-ledger-accounting.md §3.4: section A ingresos and section B egresos, each row with
 * N° correlativo, N° documento (folio), tipo de documento, RUT, fecha de la operación and amounts.
 * Built from documents (emitted DTEs and received facturas), not from entries ("each row comes from
 * a document ... separate from the journal but reconcilable with it"). Rows are dated with the
 * document date (the rule for devengado amounts); the percibido/pagado split needs payment data this
 * module does not keep, so every amount is devengado. Notas de crédito subtract. Aggregated in SQL.
 * Research marks the 2021 column list as not verified against the resolution itself (§6).
 */
@Injectable()
export class LibroIngresosEgresosReportService {
  constructor(private readonly ds: DataSource) {}

  /** @throws 400 bad periodo; 404 empresa. */
  async build(empresaId: string, periodoText: string): Promise<LibroIngresosEgresos> {
    const p = parsePeriodo(periodoText);
    const params = [empresaId, p.desde, p.hasta];
    const [[empresa], filas, totales] = await inSnapshot(this.ds, async (em) => {
      await requireEmpresa(em, empresaId);
      return [
        await em.query('SELECT regimen FROM empresa WHERE id = $1', [empresaId]),
        await em.query(`SELECT * FROM (${FILAS_SQL}) f ORDER BY clasificacion = 'egreso', correlativo`, params),
        await em.query(TOTALES_SQL, params),
      ];
    });
    const section = (c: Clasificacion): TotalSeccion => {
      const t = (totales as Record<string, string>[]).find((r) => r.clasificacion === c);
      if (!t) return { ...ZERO };
      return { documentos: Number(t.documentos), ...Object.fromEntries(AMOUNTS.map((k) => [k, toPesos(t[k])])) } as TotalSeccion;
    };
    const ingresos = section('ingreso');
    const egresos = section('egreso');
    return {
      empresa_id: empresaId,
      regimen: empresa.regimen,
      periodo: p.periodo,
      desde: p.desde,
      hasta: p.hasta,
      criterio: 'devengado',
      filas: (filas as Record<string, string>[]).map((r) => ({
        clasificacion: r.clasificacion as Clasificacion,
        correlativo: Number(r.correlativo),
        fecha: r.fecha,
        tipo_dte: Number(r.tipo_dte),
        tipo_documento: TIPO_DTE_NOMBRE[Number(r.tipo_dte)] ?? `DTE ${r.tipo_dte}`,
        folio: toPesos(r.folio),
        rut_contraparte: r.rut_contraparte,
        razon_social: r.razon_social,
        ...(Object.fromEntries(AMOUNTS.map((k) => [k, toPesos(r[k])])) as Record<(typeof AMOUNTS)[number], number>),
      })),
      totales: { ingresos, egresos, resultado: ingresos.monto - egresos.monto },
    };
  }
}
