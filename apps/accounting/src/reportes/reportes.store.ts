import { Injectable } from '@nestjs/common';
import { asientoVigente } from '../common/sql';
import { AccountingStore } from '../common/accounting.store';
import { Periodo } from '../common/periodo';
import { DetalleResultadoView } from './dto/estado-resultados.view';
import { LibroDiarioAsientoView } from './dto/libro-diario.view';

/**
 * Opening balance `(cuenta_id, saldo = debe - haber)` per posting account before `before`. Result accounts
 * carry only the current fiscal year; earlier results go to role `resultados_acumulados` (as the year-end
 * closing entry would), so openings sum to zero. `$1` is the empresa.
 */
export function openingBalancesSql(before: string, yearStart: string): string {
  return `
    SELECT cuenta_id, SUM(saldo) AS saldo FROM (
      SELECT l.cuenta_id, l.debe - l.haber AS saldo
        FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id JOIN cuenta c ON c.id = l.cuenta_id
       WHERE l.empresa_id = $1 AND a.fecha < ${before}
         AND (c.tipo IN ('activo', 'pasivo', 'patrimonio') OR a.fecha >= ${yearStart})
      UNION ALL
      SELECT (SELECT id FROM cuenta WHERE empresa_id = $1 AND rol = 'resultados_acumulados'), l.debe - l.haber
        FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id JOIN cuenta c ON c.id = l.cuenta_id
       WHERE l.empresa_id = $1 AND a.fecha < LEAST(${before}, ${yearStart}) AND c.tipo IN ('ingreso', 'gasto')
    ) o GROUP BY cuenta_id`;
}

/** Numerically: 1.2 before 1.10. */
const CODE_ORDER = (alias: string) => `string_to_array(${alias}.codigo, '.')::int[]`;

// $1 empresa, $2 fiscal-year start, $3 period end. The opening balance enters the sums like an asiento de
// apertura. The only pass over the lines: totals and balance sheet derive from these rows.
const ROWS_SQL = `
  WITH apertura AS (${openingBalancesSql('$2', '$2')}),
  mov AS (
    SELECT l.cuenta_id, SUM(l.debe) AS debe, SUM(l.haber) AS haber
      FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id
     WHERE l.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3
     GROUP BY l.cuenta_id),
  sumas AS (
    SELECT c.id, c.codigo, c.nombre, c.tipo,
           COALESCE(m.debe, 0) + GREATEST(COALESCE(ap.saldo, 0), 0) AS sumas_debe,
           COALESCE(m.haber, 0) + GREATEST(-COALESCE(ap.saldo, 0), 0) AS sumas_haber
      FROM cuenta c LEFT JOIN mov m ON m.cuenta_id = c.id LEFT JOIN apertura ap ON ap.cuenta_id = c.id
     WHERE c.empresa_id = $1 AND (m.cuenta_id IS NOT NULL OR ap.cuenta_id IS NOT NULL)),
  filas AS (
    SELECT s.*, GREATEST(sumas_debe - sumas_haber, 0) AS saldo_deudor, GREATEST(sumas_haber - sumas_debe, 0) AS saldo_acreedor
      FROM sumas s)
  SELECT f.codigo, f.nombre, f.tipo, f.sumas_debe, f.sumas_haber, f.saldo_deudor, f.saldo_acreedor,
         CASE WHEN f.tipo IN ('activo', 'pasivo', 'patrimonio') THEN f.saldo_deudor ELSE 0 END AS activo,
         CASE WHEN f.tipo IN ('activo', 'pasivo', 'patrimonio') THEN f.saldo_acreedor ELSE 0 END AS pasivo,
         CASE WHEN f.tipo IN ('ingreso', 'gasto') THEN f.saldo_deudor ELSE 0 END AS perdidas,
         CASE WHEN f.tipo IN ('ingreso', 'gasto') THEN f.saldo_acreedor ELSE 0 END AS ganancias,
         g.codigo AS grupo_codigo, g.nombre AS grupo_nombre, g.tipo AS grupo_tipo
    FROM filas f
    -- The level-2 account (e.g. 1.1 for 1.1.03) that the classified balance sheet rolls up to.
    LEFT JOIN cuenta g ON g.empresa_id = $1 AND g.codigo = split_part(f.codigo, '.', 1) || '.' || split_part(f.codigo, '.', 2)
   ORDER BY ${CODE_ORDER('f')}`;

// $1 empresa, $2 desde, $3 hasta. `monto` is positive on the account's natural side; the section comes
// from the role of the level-2 account.
const DETALLE_SQL = `
  SELECT c.codigo, c.nombre, c.tipo,
         CASE WHEN c.tipo = 'ingreso' AND g.rol IS DISTINCT FROM 'otros_ingresos' THEN 'ingresos_explotacion'
              WHEN c.tipo = 'ingreso' THEN 'otros_ingresos'
              WHEN g.rol = 'compras' THEN 'costo_ventas'
              ELSE 'gastos_operacion' END AS seccion,
         SUM(CASE WHEN c.tipo = 'ingreso' THEN l.haber - l.debe ELSE l.debe - l.haber END) AS monto
    FROM linea_asiento l
    JOIN asiento a ON a.id = l.asiento_id
    JOIN cuenta c ON c.id = l.cuenta_id
    LEFT JOIN cuenta g ON g.empresa_id = c.empresa_id AND g.codigo = split_part(c.codigo, '.', 1) || '.' || split_part(c.codigo, '.', 2)
   WHERE l.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3 AND c.tipo IN ('ingreso', 'gasto')
   GROUP BY c.id, c.codigo, c.nombre, c.tipo, g.rol`;

// $1 empresa, $2 first day of the month, $3 last day. Entries moving BOTH IVA accounts are the monthly
// settlement, left out. The carried credit is the running sum of (crédito − débito) clamped at zero each
// month: W(n) = S(n) − min(0, min S(k≤n)).
/** The IVA of each month up to $2 from the IVA accounts, without the monthly settlement entries (both accounts). $1 empresa. */
const IVA_MENSUAL_SQL = `
  WITH liquidaciones AS (
    SELECT l.asiento_id FROM linea_asiento l JOIN cuenta c ON c.id = l.cuenta_id
     WHERE l.empresa_id = $1 AND c.rol IN ('iva_debito', 'iva_credito')
     GROUP BY l.asiento_id HAVING COUNT(DISTINCT c.rol) = 2
  )
  SELECT to_char(a.fecha, 'YYYY-MM') AS mes,
         COALESCE(SUM(l.haber - l.debe) FILTER (WHERE c.rol = 'iva_debito'), 0)::text AS debito,
         COALESCE(SUM(l.debe - l.haber) FILTER (WHERE c.rol = 'iva_credito'), 0)::text AS credito
    FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id JOIN cuenta c ON c.id = l.cuenta_id
   WHERE l.empresa_id = $1 AND a.fecha <= $2 AND c.rol IN ('iva_debito', 'iva_credito')
     AND l.asiento_id NOT IN (SELECT asiento_id FROM liquidaciones)
   GROUP BY 1`;

export interface F29Filas {
  iva: { mes: string; debito: string; credito: string }[];
  emitidos: { tipo_dte: number; cantidad: number; iva: string; neto_exento: string }[];
  recibidos: { tipo_dte: number; cantidad: number; iva: string; neto_exento: string }[];
  honorarios: string;
  tasaPpm: string | null;
}

// $1 empresa, $2 desde, $3 hasta. Emitted DTEs are ingresos, received ones egresos; credit notes (61, 112) subtract. `monto`
// mirrors the booking rules: never IVA (recoverable, not income or expense).
const FILAS_SQL = `
  WITH docs AS (
    SELECT 'ingreso' AS clasificacion, d.fecha_emision AS fecha, d.tipo_dte, d.folio, d.rut_receptor AS rut_contraparte,
           d.razon_social_receptor AS razon_social, d.neto, d.exento, d.iva, d.total
      FROM documento_emitido d WHERE d.empresa_id = $1 AND d.fecha_emision BETWEEN $2 AND $3
    UNION ALL
    SELECT 'egreso', f.fecha_emision, f.tipo_dte, f.folio, f.rut_emisor, f.razon_social_emisor, f.neto, f.exento, f.iva, f.total
      FROM factura f WHERE f.empresa_id = $1 AND f.fecha_emision BETWEEN $2 AND $3
  ), signed AS (
    SELECT *, CASE WHEN tipo_dte IN (61, 112) THEN -1 ELSE 1 END AS signo FROM docs
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

// $1 empresa, $2 desde, $3 hasta, $4 fiscal-year start, $5 optional codigo.
const MAYOR_SQL = `
  WITH apertura AS (${openingBalancesSql('$2', '$4')}),
  mov AS (
    SELECT l.cuenta_id, a.fecha, a.id AS asiento_id, a.numero, COALESCE(l.glosa, a.glosa) AS glosa, l.linea, l.debe, l.haber,
           COALESCE(ap.saldo, 0) + SUM(l.debe - l.haber) OVER (PARTITION BY l.cuenta_id ORDER BY a.fecha, a.numero, l.linea) AS saldo
      FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id LEFT JOIN apertura ap ON ap.cuenta_id = l.cuenta_id
     WHERE l.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3)
  SELECT c.codigo, c.nombre, c.tipo,
         COALESCE(ap.saldo, 0)::text AS saldo_inicial,
         COALESCE(SUM(m.debe), 0)::text AS total_debe,
         COALESCE(SUM(m.haber), 0)::text AS total_haber,
         (COALESCE(ap.saldo, 0) + COALESCE(SUM(m.debe - m.haber), 0))::text AS saldo_final,
         COALESCE(json_agg(json_build_object('fecha', m.fecha::text, 'asiento_id', m.asiento_id, 'numero', m.numero, 'glosa', m.glosa,
                                             'debe', m.debe, 'haber', m.haber, 'saldo', m.saldo)
                           ORDER BY m.fecha, m.numero, m.linea) FILTER (WHERE m.cuenta_id IS NOT NULL), '[]') AS movimientos
    FROM cuenta c
    LEFT JOIN apertura ap ON ap.cuenta_id = c.id
    LEFT JOIN mov m ON m.cuenta_id = c.id
   WHERE c.empresa_id = $1 AND c.imputable AND ($5::text IS NULL OR c.codigo = $5)
   GROUP BY c.id, c.codigo, c.nombre, c.tipo, ap.saldo
  HAVING $5::text IS NOT NULL OR ap.saldo IS NOT NULL OR count(m.cuenta_id) > 0
   ORDER BY ${CODE_ORDER('c')}`;

type Rows = Record<string, string>[];

export type DetalleRow = Omit<DetalleResultadoView, 'monto'> & { monto: string };

export type DiarioRow = Omit<LibroDiarioAsientoView, 'total_debe' | 'total_haber'> & { total_debe: string; total_haber: string };

/** Each report but the libro mayor reads in one snapshot: sequential queries, one connection. */
@Injectable()
export class ReportesStore extends AccountingStore {
  balance(empresaId: string, p: Periodo): Promise<Rows> {
    return this.snapshot(async (tx) => {
      await this.requireEmpresa(empresaId, tx);
      return tx.query(ROWS_SQL, [empresaId, p.inicioEjercicio, p.hasta]);
    });
  }

  estadoResultados(empresaId: string, p: Periodo): Promise<[DetalleRow[], Rows]> {
    const params = [empresaId, p.desde, p.hasta];
    return this.snapshot(async (tx) => {
      await this.requireEmpresa(empresaId, tx);
      return [
        await tx.query(`SELECT * FROM (${DETALLE_SQL}) d ORDER BY ${CODE_ORDER('d')}`, params),
        await tx.query(
          `SELECT ${['ingresos_explotacion', 'costo_ventas', 'gastos_operacion', 'otros_ingresos']
            .map((s) => `COALESCE(SUM(monto) FILTER (WHERE seccion = '${s}'), 0) AS ${s}`)
            .join(', ')} FROM (${DETALLE_SQL}) d`,
          params,
        ),
      ];
    });
  }

  /**
   * What the F29's códigos are computed from (f29-codigos.ts): the ledger's IVA of every month up to the period, the period's sales and
   * purchases by type (their entry standing), the honorarios withheld, the gross income, the empresa's PPM rate.
   */
  async f29Insumos(empresaId: string, p: Periodo): Promise<F29Filas> {
    return this.snapshot(async (tx) => {
      await this.requireEmpresa(empresaId, tx);
      const params = [empresaId, p.desde, p.hasta];
      const vigente = asientoVigente('d.asiento_id');
      const porTipo = (tabla: string) =>
        tx.query(
          `SELECT d.tipo_dte, count(*)::int AS cantidad, COALESCE(sum(d.iva), 0)::text AS iva,
                  COALESCE(sum(d.neto + d.exento), 0)::text AS neto_exento
             FROM ${tabla} d WHERE d.empresa_id = $1 AND d.fecha_emision BETWEEN $2 AND $3 AND ${vigente} GROUP BY d.tipo_dte`,
          params,
        );
      return {
        iva: await tx.query(IVA_MENSUAL_SQL, [empresaId, p.hasta]),
        emitidos: await porTipo('documento_emitido'),
        recibidos: await porTipo('factura'),
        honorarios: (
          await tx.query(
            `SELECT COALESCE(sum(retencion), 0)::text AS retencion FROM boleta_honorarios
              WHERE empresa_id = $1 AND fecha BETWEEN $2 AND $3 AND ${asientoVigente('asiento_id')}`,
            params,
          )
        )[0].retencion,
        tasaPpm: (await tx.query('SELECT trim_scale(tasa_ppm)::text AS tasa_ppm FROM empresa WHERE id = $1', [empresaId]))[0].tasa_ppm,
      };
    });
  }

  libroDiario(empresaId: string, p: Periodo): Promise<[DiarioRow[], Rows]> {
    const params = [empresaId, p.desde, p.hasta];
    return this.snapshot(async (tx) => {
      await this.requireEmpresa(empresaId, tx);
      return [
        await tx.query(
          `SELECT a.id, a.numero, a.fecha::text AS fecha, a.glosa, a.origen, a.reversa_de,
                  SUM(l.debe)::text AS total_debe, SUM(l.haber)::text AS total_haber,
                  json_agg(json_build_object('linea', l.linea, 'cuenta', c.codigo, 'cuenta_nombre', c.nombre,
                                             'debe', l.debe, 'haber', l.haber, 'glosa', l.glosa) ORDER BY l.linea) AS lineas
             FROM asiento a JOIN linea_asiento l ON l.asiento_id = a.id JOIN cuenta c ON c.id = l.cuenta_id
            WHERE a.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3
            GROUP BY a.id ORDER BY a.fecha, a.numero`,
          params,
        ),
        await tx.query(
          `SELECT count(DISTINCT a.id) AS asientos, COALESCE(SUM(l.debe), 0) AS debe, COALESCE(SUM(l.haber), 0) AS haber
             FROM asiento a JOIN linea_asiento l ON l.asiento_id = a.id
            WHERE a.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3`,
          params,
        ),
      ];
    });
  }

  libroIngresosEgresos(empresaId: string, p: Periodo): Promise<[Rows, Rows, Rows]> {
    const params = [empresaId, p.desde, p.hasta];
    return this.snapshot(async (tx) => {
      await this.requireEmpresa(empresaId, tx);
      return [
        await tx.query('SELECT regimen FROM empresa WHERE id = $1', [empresaId]),
        await tx.query(`SELECT * FROM (${FILAS_SQL}) f ORDER BY clasificacion = 'egreso', correlativo`, params),
        await tx.query(TOTALES_SQL, params),
      ];
    });
  }

  async libroMayor(empresaId: string, p: Periodo, cuenta?: string): Promise<Record<string, unknown>[]> {
    await this.requireEmpresa(empresaId);
    return this.ds.query(MAYOR_SQL, [empresaId, p.desde, p.hasta, p.inicioEjercicio, cuenta ?? null]);
  }
}
