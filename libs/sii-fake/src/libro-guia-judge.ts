import { sumaCampo } from './internal/aritmetica';
import { childElements, findFirst, numAt, textAt } from '@lib/dte';

/**
 * A LibroGuia's ResumenPeriodo against its Detalle, as the SII's Libro de Guías format states it (LibroGuia_v10.xsd annotations;
 * docs/research/sii-protocol.md §3.8): TotFolAnulado counts Anulado 1, TotGuiaAnulada Anulado 2; TotGuiaVenta and TotMntGuiaVta the
 * other guías of TpoOper 1; each TotTraslado (2-7) the others of its TpoOper; TotTraslado 8 and 9 together the valid guías without
 * TpoOper (a Detalle has no TpoOper 8 or 9). Answers the first discrepancy, in the words of judgeLibro's "Libro No Cuadrado".
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
  // TpoTraslado 8 and 9 (exports) have no TpoOper in a Detalle: together they are the valid lines without one.
  const exportaciones = traslados.filter((t) => (numAt(t, 'TpoTraslado') ?? 0) > 7);
  const sinTpoOper = vigentes.filter((d) => numAt(d, 'TpoOper') === undefined);
  contados.push(['CantGuia (TpoTraslado 8 y 9)', sumaCampo(exportaciones, 'CantGuia'), sinTpoOper.length]);
  contados.push(['MntGuia (TpoTraslado 8 y 9)', sumaCampo(exportaciones, 'MntGuia'), montoTotal(sinTpoOper)]);
  const malo = contados.find(([, declarado, calculado]) => declarado !== calculado);
  return malo && `${malo[0]} ${malo[1]} distinto de ${malo[2]} segun el detalle`;
}

function montoTotal(detalles: Element[]): number {
  return sumaCampo(detalles, 'MntTotal');
}
