import { csv } from './csv';
import { F29BorradorView } from './dto/f29-borrador.view';
import { LibroIngresosEgresosView, TotalSeccionView } from './dto/libro-ingresos-egresos.view';

export function libroIngresosEgresosCsv(r: LibroIngresosEgresosView): string {
  const total = (name: string, t: TotalSeccionView) => [
    name,
    t.documentos,
    '',
    '',
    '',
    '',
    '',
    '',
    t.neto,
    t.exento,
    t.iva,
    t.total,
    t.monto,
  ];
  return csv(
    [
      'clasificacion',
      'correlativo',
      'fecha',
      'tipo_dte',
      'tipo_documento',
      'folio',
      'rut_contraparte',
      'razon_social',
      'neto',
      'exento',
      'iva',
      'total',
      'monto',
    ],
    [
      ...r.filas.map((f) => [
        f.clasificacion,
        f.correlativo,
        f.fecha,
        f.tipo_dte,
        f.tipo_documento,
        f.folio,
        f.rut_contraparte,
        f.razon_social,
        f.neto,
        f.exento,
        f.iva,
        f.total,
        f.monto,
      ]),
      total('Total ingresos', r.totales.ingresos),
      total('Total egresos', r.totales.egresos),
      ['Resultado', '', '', '', '', '', '', '', '', '', '', '', r.totales.resultado],
    ],
  );
}

export function f29BorradorCsv(r: F29BorradorView): string {
  return csv(
    ['concepto', 'monto'],
    [
      ['debito_fiscal', r.debito_fiscal],
      ['credito_fiscal', r.credito_fiscal],
      ['remanente_anterior', r.remanente_anterior],
      ['total_creditos', r.total_creditos],
      ['iva_a_pagar', r.iva_a_pagar],
      ['remanente_siguiente', r.remanente_siguiente],
      ...r.codigos.map((c) => [`codigo_${c.codigo}`, c.valor]),
      ['aviso', r.aviso],
    ],
  );
}
