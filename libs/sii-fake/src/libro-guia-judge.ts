import { childElements, findFirst, numAt, textAt } from '@lib/dte';

/**
 * A LibroGuia's ResumenPeriodo against its Detalle, as the SII's Libro de Guías format states it (LibroGuia_v10.xsd annotations;
 * docs/research/sii-protocol.md §3.8): TotFolAnulado counts Anulado 1, TotGuiaAnulada Anulado 2; TotGuiaVenta and TotMntGuiaVta the
 * other guías of TpoOper 1; each TotTraslado (2-7) the others of its TpoOper. A Detalle has no TpoOper 8 or 9, so those TotTraslado
 * are checked only in that every guía is counted once. Answers the first discrepancy, in the words of judgeLibro's "Libro No Cuadrado".
 */
export function guiasDescuadradas(envio: Element): string | undefined {
  const resumen = findFirst(envio, 'ResumenPeriodo');
  if (!resumen) return undefined;
  const detalles = childElements(envio, 'Detalle');
  const anulado = (d: Element) => textAt(d, 'Anulado') ?? '';
  const vigentes = detalles.filter((d) => !['1', '2'].includes(anulado(d)));
  const contados: [string, number, number][] = [
    ['TotFolAnulado', numAt(resumen, 'TotFolAnulado') ?? 0, detalles.filter((d) => anulado(d) === '1').length],
    ['TotGuiaAnulada', numAt(resumen, 'TotGuiaAnulada') ?? 0, detalles.filter((d) => anulado(d) === '2').length],
  ];
  const ventas = vigentes.filter((d) => numAt(d, 'TpoOper') === 1);
  contados.push(['TotGuiaVenta', numAt(resumen, 'TotGuiaVenta') ?? 0, ventas.length]);
  contados.push(['TotMntGuiaVta', numAt(resumen, 'TotMntGuiaVta') ?? 0, montoTotal(ventas)]);
  const traslados = childElements(resumen, 'TotTraslado');
  for (const t of traslados) {
    const tipo = numAt(t, 'TpoTraslado') ?? 0;
    if (tipo > 7) continue;
    const del = vigentes.filter((d) => numAt(d, 'TpoOper') === tipo);
    contados.push([`CantGuia (TpoTraslado ${tipo})`, numAt(t, 'CantGuia') ?? 0, del.length]);
    contados.push([`MntGuia (TpoTraslado ${tipo})`, numAt(t, 'MntGuia') ?? 0, montoTotal(del)]);
  }
  const enResumen = ventas.length + traslados.reduce((n, t) => n + (numAt(t, 'CantGuia') ?? 0), 0);
  contados.push(['guías vigentes en el resumen', enResumen, vigentes.length]);
  const malo = contados.find(([, declarado, calculado]) => declarado !== calculado);
  return malo && `${malo[0]} ${malo[1]} distinto de ${malo[2]} segun el detalle`;
}

function montoTotal(detalles: Element[]): number {
  return detalles.reduce((s, d) => s + (numAt(d, 'MntTotal') ?? 0), 0);
}
