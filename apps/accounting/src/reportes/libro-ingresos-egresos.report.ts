import { Injectable } from '@nestjs/common';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { ReportesStore } from './reportes.store';
import { TIPO_DTE_NOMBRE } from '../dte-recepcion/booking-rules';
import { Clasificacion, LibroIngresosEgresosView, TotalSeccionView } from './dto/libro-ingresos-egresos.view';

const ZERO: TotalSeccionView = { documentos: 0, neto: 0, exento: 0, iva: 0, total: 0, monto: 0 };
const AMOUNTS = ['neto', 'exento', 'iva', 'total', 'monto'] as const;

/**
 * Libro de ingresos y egresos (Pro-Pyme art. 14 D, Ley 21.210; Res. Ex. SII 14/2021;
 * docs/research/registry-ledger-accounting.md §3.4), built from documents, not entries. Every amount is
 * devengado (dated by the document): the percibido split needs payment data this module does not keep.
 * Research marks the 2021 column list as not verified against the resolution itself (§6).
 */
@Injectable()
export class LibroIngresosEgresosReportService {
  constructor(private readonly store: ReportesStore) {}

  async build(empresaId: string, periodoText: string): Promise<LibroIngresosEgresosView> {
    const p = parsePeriodo(periodoText);
    const [[empresa], filas, totales] = await this.store.libroIngresosEgresos(empresaId, p);
    const section = (c: Clasificacion): TotalSeccionView => {
      const t = (totales as Record<string, string>[]).find((r) => r.clasificacion === c);
      if (!t) return { ...ZERO };
      return { documentos: Number(t.documentos), ...Object.fromEntries(AMOUNTS.map((k) => [k, toPesos(t[k])])) } as TotalSeccionView;
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
