import { createHash } from 'node:crypto';

const T = '\t';

/** `SIISetDePruebas<RUT>.txt` (ISO-8859-1, CRLF; docs/research/sii-protocol.md §10), deterministic per RUT. */
export function setBasico(rut: string): string {
  const seed = createHash('sha256').update(`set-pruebas:${rut}`).digest();
  let i = 0;
  const n = (min: number, max: number) => min + (seed.readUInt16BE((i++ * 2) % 30) % (max - min + 1));
  const at = String(4_000_000 + (seed.readUInt32BE(0) % 999_999));
  const caso = (k: number) => `${at}-${k}`;
  const head = (k: number, documento: string) => [`CASO ${caso(k)}`, '==============', `DOCUMENTO${T}${documento}`, ''];
  const row = (nombre: string, cols: (number | string)[]) =>
    [nombre, ...cols.map((c) => `${' '.repeat(Math.max(1, 7 - String(c).length))}${c}`)].join(`${T}${T}`);
  const ref = (k: number, documento: string, razon: string) => [
    `REFERENCIA${T}${T}${documento} CORRESPONDIENTE A CASO ${caso(k)}`,
    `RAZON REFERENCIA${T}${razon}`,
  ];
  return [
    'INDICACIONES GENERALES:',
    '',
    'SET BASICO - NUMERO DE ATENCION: ' + at,
    '',
    ...head(1, 'FACTURA ELECTRONICA'),
    `ITEM${T}${T}${T}CANTIDAD${T}PRECIO UNITARIO`,
    row('Cajón AFECTO', [n(100, 200), n(1000, 4000)]),
    row('Relleno AFECTO', [n(40, 90), n(2000, 6000)]),
    '',
    '',
    ...head(2, 'FACTURA ELECTRONICA'),
    `ITEM${T}${T}${T}CANTIDAD${T}PRECIO UNITARIO${T}${T}DESCUENTO ITEM`,
    row('Pañuelo AFECTO', [n(200, 800), n(1000, 6000), `${n(3, 12)}%`]),
    row('ITEM 2 AFECTO', [n(200, 800), n(1000, 6000), `${n(10, 25)}%`]),
    '',
    '',
    ...head(3, 'FACTURA ELECTRONICA'),
    `ITEM${T}${T}${T}CANTIDAD${T}PRECIO UNITARIO`,
    row('Pintura B&W AFECTO', [n(20, 80), n(2000, 7000)]),
    row('ITEM 2 AFECTO', [n(100, 300), n(2000, 5000)]),
    row('ITEM 3 SERVICIO EXENTO', [1, n(20000, 40000)]),
    '',
    '',
    ...head(4, 'FACTURA ELECTRONICA'),
    `ITEM${T}${T}${T}CANTIDAD${T}PRECIO UNITARIO`,
    row('ITEM 1 AFECTO', [n(150, 450), n(3000, 6000)]),
    row('ITEM 2 AFECTO', [n(50, 200), n(3000, 8000)]),
    row('ITEM 3 SERVICIO EXENTO', [2, n(5000, 9000)]),
    '',
    `DESCUENTO GLOBAL ITEMES AFECTOS${T}${T}     ${n(5, 25)}%`,
    '',
    '',
    ...head(5, `${T}NOTA DE CREDITO ELECTRONICA`).slice(0, 3),
    ...ref(1, 'FACTURA ELECTRONICA', 'CORRIGE GIRO DEL RECEPTOR'),
    '',
    '',
    ...head(6, `${T}NOTA DE CREDITO ELECTRONICA`).slice(0, 3),
    ...ref(2, 'FACTURA ELECTRONICA', 'DEVOLUCION DE MERCADERIAS'),
    '',
    `ITEM${T}${T}${T}CANTIDAD`,
    row('Pañuelo AFECTO', [n(50, 150)]),
    row('ITEM 2 AFECTO', [n(50, 150)]),
    '',
    '',
    ...head(7, `${T}NOTA DE CREDITO ELECTRONICA`).slice(0, 3),
    ...ref(3, 'FACTURA ELECTRONICA', 'ANULA FACTURA'),
    '',
    '',
    ...head(8, `${T}NOTA DE DEBITO ELECTRONICA`).slice(0, 3),
    ...ref(5, 'NOTA DE CREDITO ELECTRONICA', 'ANULA NOTA DE CREDITO ELECTRONICA'),
    '',
    '',
    `SET LIBRO DE VENTAS - NUMERO DE ATENCION: ${Number(at) + 1}`,
    '',
    'Genere el libro de ventas del periodo con los documentos emitidos en el SET BASICO.',
    '',
    '',
    ...libroCompras(Number(at) + 2, n),
  ].join('\r\n');
}

/** Seven purchase documents as the SII lists them, fixed-width, and the proportionality factor. */
function libroCompras(atencion: number, n: (min: number, max: number) => number): string[] {
  const fila = (documento: string, folio: number, obs: string, exento: number | '', afecto: number) =>
    `${documento.padEnd(32)}${String(folio).padStart(5)}  ${obs.padEnd(55)}${String(exento).padStart(12)}${String(afecto).padStart(15)}`;
  const f1 = n(100, 900);
  const f2 = n(10, 99);
  return [
    `SET LIBRO DE COMPRAS - NUMERO DE ATENCION: ${atencion}`,
    '',
    `${'TIPO DOCUMENTO'.padEnd(32)}${'FOLIO'.padStart(5)}  ${'OBSERVACIONES'.padEnd(55)}${'MONTO EXENTO'.padStart(12)}${'MONTO AFECTO'.padStart(15)}`,
    '='.repeat(119),
    fila('FACTURA', f1, 'FACTURA DEL GIRO CON DERECHO A CREDITO', '', n(20000, 60000)),
    fila('FACTURA ELECTRONICA', f2, 'FACTURA DEL GIRO CON DERECHO A CREDITO', n(5000, 15000), n(5000, 15000)),
    fila('FACTURA', n(100, 900) + 1000, 'FACTURA CON IVA USO COMUN', '', n(20000, 40000)),
    fila('NOTA DE CREDITO', n(100, 900), `NOTA DE CREDITO POR DESCUENTO A FACTURA ${f1}`, '', n(1000, 4000)),
    fila('FACTURA ELECTRONICA', f2 + 100, 'ENTREGA GRATUITA DEL PROVEEDOR', '', n(5000, 15000)),
    fila('FACTURA DE COMPRA ELECTRONICA', n(1, 20), 'COMPRA CON RETENCION TOTAL DEL IVA', '', n(5000, 15000)),
    fila('NOTA DE CREDITO', n(100, 900) + 1000, `NOTA DE CREDITO POR DESCUENTO FACTURA ELECTRONICA ${f2}`, '', n(1000, 5000)),
    '',
    `EL FACTOR DE PROPORCIONALIDAD DEL IVA ES DE 0.${n(40, 80)}`,
    '',
  ];
}
