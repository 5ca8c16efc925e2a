import { DteParseError } from '../errors';
import { lineasDelCaso, numerosDeAtencion, parseSetPruebas } from './set-pruebas';

// Written to the structure of the SII's SIISetDePruebas<RUT>.txt (tabs and runs of spaces between columns,
// "CASO <atención>-<n>" headings underlined with "=", notes that reference earlier cases).
const T = '\t';
const SET = [
  'INDICACIONES GENERALES:',
  '',
  'SET BASICO - NUMERO DE ATENCION: 3141592',
  '',
  'CASO 3141592-1',
  '==============',
  `DOCUMENTO${T}FACTURA ELECTRONICA`,
  '',
  `ITEM${T}${T}${T}CANTIDAD${T}PRECIO UNITARIO`,
  `Cajón AFECTO${T}${T}    120${T}${T}   1500`,
  `Relleno AFECTO${T}${T}     40${T}${T}   2250`,
  '',
  'CASO 3141592-2',
  '==============',
  `DOCUMENTO${T}FACTURA ELECTRONICA`,
  '',
  `ITEM${T}${T}${T}CANTIDAD${T}PRECIO UNITARIO${T}${T}DESCUENTO ITEM`,
  `Pañuelo AFECTO${T}${T}    300${T}${T}   2000${T}${T}${T}      5%`,
  `ITEM 2 AFECTO${T}${T}    100${T}${T}   1000${T}${T}${T}     10%`,
  '',
  'CASO 3141592-3',
  '==============',
  `DOCUMENTO${T}FACTURA ELECTRONICA`,
  '',
  `ITEM${T}${T}${T}CANTIDAD${T}PRECIO UNITARIO`,
  `Pintura B&W AFECTO${T}     10${T}${T}   3000`,
  `ITEM 3 SERVICIO EXENTO${T}      1${T}${T}  20000`,
  '',
  'CASO 3141592-4',
  '==============',
  `DOCUMENTO${T}FACTURA ELECTRONICA`,
  '',
  `ITEM${T}${T}${T}CANTIDAD${T}PRECIO UNITARIO`,
  `ITEM 1 AFECTO${T}${T}    100${T}${T}   1000`,
  `ITEM 2 SERVICIO EXENTO${T}      2${T}${T}   5000`,
  '',
  `DESCUENTO GLOBAL ITEMES AFECTOS${T}${T}     10%`,
  '',
  'CASO 3141592-5',
  '==============',
  `DOCUMENTO${T}${T}NOTA DE CREDITO ELECTRONICA`,
  `REFERENCIA${T}${T}FACTURA ELECTRONICA CORRESPONDIENTE A CASO 3141592-1`,
  `RAZON REFERENCIA${T}CORRIGE GIRO DEL RECEPTOR`,
  '',
  'CASO 3141592-6',
  '==============',
  `DOCUMENTO${T}${T}NOTA DE CREDITO ELECTRONICA`,
  `REFERENCIA${T}${T}FACTURA  ELECTRONICA CORRESPONDIENTE A CASO 3141592-2`,
  `RAZON REFERENCIA${T}DEVOLUCION DE MERCADERIAS`,
  '',
  `ITEM${T}${T}${T}CANTIDAD`,
  `Pañuelo AFECTO${T}${T}     30`,
  `ITEM 2 AFECTO${T}${T}     10`,
  '',
  'CASO 3141592-7',
  '==============',
  `DOCUMENTO${T}${T}NOTA DE CREDITO ELECTRONICA`,
  `REFERENCIA${T}${T}FACTURA ELECTRONICA CORRESPONDIENTE A CASO 3141592-3`,
  `RAZON REFERENCIA${T}ANULA FACTURA`,
  '',
  'CASO 3141592-8',
  '==============',
  `DOCUMENTO${T}${T}NOTA DE DEBITO ELECTRONICA`,
  `REFERENCIA${T}${T}NOTA DE CREDITO ELECTRONICA CORRESPONDIENTE A CASO 3141592-5`,
  `RAZON REFERENCIA${T}ANULA NOTA DE CREDITO ELECTRONICA`,
  '',
  '',
  'SET LIBRO DE VENTAS - NUMERO DE ATENCION: 3141593',
  'CASO 3141593-1',
].join('\r\n');

describe('parseSetPruebas (the SII set de pruebas, docs/research/sii-protocol.md §10)', () => {
  const set = parseSetPruebas(SET);

  it('reads the heading and the eight cases of the SET BASICO, stopping at the next set', () => {
    expect(set.nombre).toBe('SET BASICO');
    expect(set.numeroAtencion).toBe('3141592');
    expect(set.casos.map((c) => [c.id, c.tipoDte])).toEqual([
      ['3141592-1', 33],
      ['3141592-2', 33],
      ['3141592-3', 33],
      ['3141592-4', 33],
      ['3141592-5', 61],
      ['3141592-6', 61],
      ['3141592-7', 61],
      ['3141592-8', 56],
    ]);
  });

  it('reads lines with quantities, prices, line discounts, exempt items and the global discount', () => {
    expect(set.casos[1].lineas).toEqual([
      { nombre: 'Pañuelo AFECTO', cantidad: 300, precio: 2000, descuentoPct: 5, exento: false },
      { nombre: 'ITEM 2 AFECTO', cantidad: 100, precio: 1000, descuentoPct: 10, exento: false },
    ]);
    expect(set.casos[2].lineas.map((l) => [l.nombre, l.exento])).toEqual([
      ['Pintura B&W AFECTO', false],
      ['ITEM 3 SERVICIO EXENTO', true],
    ]);
    expect(set.casos[3].descuentoGlobalPct).toBe(10);
  });

  it('reads what each note references and derives CodRef from the reason', () => {
    expect(set.casos.slice(4).map((c) => [c.referencia?.caso, c.referencia?.documento, c.codigoReferencia])).toEqual([
      ['3141592-1', 'FACTURA ELECTRONICA', 2],
      ['3141592-2', 'FACTURA ELECTRONICA', 3],
      ['3141592-3', 'FACTURA ELECTRONICA', 1],
      ['3141592-5', 'NOTA DE CREDITO ELECTRONICA', 1],
    ]);
  });

  it('resolves the lines each note is issued with', () => {
    expect(lineasDelCaso(set, '3141592-5')).toEqual({
      lineas: [{ nombre: 'CORRIGE GIRO DEL RECEPTOR', cantidad: 1, precio: 0, exento: false }],
    });
    expect(lineasDelCaso(set, '3141592-6').lineas).toEqual([
      { nombre: 'Pañuelo AFECTO', cantidad: 30, precio: 2000, descuentoPct: 5, exento: false },
      { nombre: 'ITEM 2 AFECTO', cantidad: 10, precio: 1000, descuentoPct: 10, exento: false },
    ]);
    expect(lineasDelCaso(set, '3141592-7')).toEqual(lineasDelCaso(set, '3141592-3'));
    // The debit note annuls the text correction: one line without amounts.
    expect(lineasDelCaso(set, '3141592-8').lineas).toEqual([
      { nombre: 'CORRIGE GIRO DEL RECEPTOR', cantidad: 1, precio: 0, exento: false },
    ]);
  });

  it('marks a document this platform does not issue without dropping the case', () => {
    const guia = parseSetPruebas(SET.replace(`DOCUMENTO${T}${T}NOTA DE DEBITO ELECTRONICA`, `DOCUMENTO${T}GUIA DE DESPACHO ELECTRONICA`));
    expect(guia.casos).toHaveLength(8);
    expect(guia.casos[7]).toMatchObject({ documento: 'GUIA DE DESPACHO ELECTRONICA', tipoDte: undefined });
  });

  it('finds the atención number of every set of the file', () => {
    expect(numerosDeAtencion(SET)).toEqual({ 'SET BASICO': '3141592', 'SET LIBRO DE VENTAS': '3141593' });
  });

  it('refuses a text that is not a set, a set without cases, and a note on a missing case', () => {
    expect(() => parseSetPruebas('hola')).toThrow(DteParseError);
    expect(() => parseSetPruebas('SET BASICO - NUMERO DE ATENCION: 1\r\n')).toThrow(/no CASO/);
    const broken = parseSetPruebas(SET.replace('CORRESPONDIENTE A CASO 3141592-2', 'CORRESPONDIENTE A CASO 3141592-9'));
    expect(() => lineasDelCaso(broken, '3141592-6')).toThrow(/no CASO 3141592-9/);
  });
});
