import {
  REGISTRO_RECLAMO_NS,
  SoapRequestError,
  parseSoapCall,
  santiagoTimestamp,
  soapFault,
  soapLiteralResponse,
  type SoapLiteralValue,
} from '@lib/dte';
import type { SiiFakeState } from './state';
import { tokenFromCookie } from './auth';
import { normalizeRut } from './internal/rut';
import { xmlResponse, type AccionDoc, type FakeRequest, type FakeResponse, type RcvEvento, type RegisteredDocument } from './types';
import { splitRut } from '@lib/rut';

/** ws2 (certification) and ws1 (production); the sim serves both. */
export const REGISTRO_RECLAMO_PATHS = [
  '/WSREGISTRORECLAMODTECERT/registroreclamodteservice',
  '/WSREGISTRORECLAMODTE/registroreclamodteservice',
];

// codResp/descResp as the manual lists them (SII "Web Service de Consulta y Registro de Aceptación/Reclamo a DTE recibido" v1.2).
const DESC: Record<number, string> = {
  0: 'Acción Completada OK',
  1: 'Rut Emisor Erróneo',
  2: 'Número de Folio Erróneo',
  3: 'Tipo de documento no corresponde',
  4: 'Acción inválida',
  6: 'No se puede acusar recibo de mercadería de DTE previamente reclamado por XXX',
  7: 'Evento registrado previamente',
  8: 'Pasados 8 días después de la recepción no es posible registrar reclamos o eventos',
  10: 'Documento no emitido y/o recibido en el SII desde el 14 de Enero de 2017 en adelante',
  11: 'No se puede reclamar DTE previamente aceptado',
  12: 'No se puede dar por aceptado DTE previamente rechazado por XXX',
  13: 'No se puede reclamar DTE previamente registrado como que acuso recibo mercadería',
  15: 'Listado de eventos del documento',
  16: 'Documento no presenta eventos de reclamos o acuse de recibo',
  18: 'Documento no ha sido recibido',
};
const DESC_EVENTO: Record<AccionDoc, string> = {
  ACD: 'Acepta Contenido del Documento',
  RCD: 'Reclamo al Contenido del Documento',
  ERM: 'Otorga Recibo de Mercaderías o Servicios',
  RFP: 'Reclamo por Falta Parcial de Mercaderías',
  RFT: 'Reclamo por Falta Total de Mercaderías',
};
const TIPOS = new Set([33, 34, 43]);
const RECLAMOS = new Set<AccionDoc>(['RCD', 'RFP', 'RFT']);
/** The receiver's 8 calendar days from reception (Ley 19.983 as amended by Ley 20.956; the manual's code 8). */
export const PLAZO_MS = 8 * 24 * 3600 * 1000;
const DESDE_2017 = Date.parse('2017-01-14T03:00:00Z');

type Outcome = [number, string?] | { eventos: RcvEvento[] };
interface DocParams {
  emisor: string;
  tipo: number;
  folio: number;
}

/** Document/literal SOAP with `Cookie: TOKEN`, else HTTP 401 [I: the manual does not say]. Any holder is authorized for every
 * company, so codes 14 and 17 are never produced (README). */
export function handleRegistroReclamo(state: SiiFakeState, req: FakeRequest): FakeResponse {
  const token = tokenFromCookie(req.headers['cookie']);
  const owner = token ? state.activeToken(token) : undefined;
  if (!owner) return { status: 401, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from('NO ESTA AUTENTICADO') };
  let call;
  try {
    call = parseSoapCall((req.body ?? Buffer.alloc(0)).toString('utf8'));
  } catch (err) {
    if (err instanceof SoapRequestError) return xmlResponse(500, soapFault('S:Client', err.message), 'text/xml; charset=utf-8');
    throw err;
  }
  const params = Object.fromEntries(call.params.map((p) => [p.name, p.value.trim()]));
  const answer = (value: SoapLiteralValue) =>
    xmlResponse(200, soapLiteralResponse(call.operation, REGISTRO_RECLAMO_NS, value), 'text/xml; charset=utf-8');
  switch (call.operation) {
    case 'ingresarAceptacionReclamoDoc':
      return answer(codResp(ingresar(state, params, owner.rut ?? '')));
    case 'listarEventosHistDoc':
      return answer(codResp(listar(state, params)));
    case 'consultarFechaRecepcionSii': {
      const doc = documentParams(params);
      const found = typeof doc === 'object' ? state.receivedDocument(doc.emisor, doc.tipo, doc.folio) : undefined;
      return answer(found ? fechaSii(found.receivedAt) : '');
    }
    default:
      return xmlResponse(500, soapFault('S:Client', `Cannot find dispatch method for {${REGISTRO_RECLAMO_NS}}${call.operation}`));
  }
}

function ingresar(state: SiiFakeState, params: Record<string, string>, rutResponsable: string): Outcome {
  const found = receivedOrCode(state, params);
  if (Array.isArray(found)) return found;
  const accion = params['accionDoc']?.toUpperCase() as AccionDoc;
  if (!DESC_EVENTO[accion]) return [4];
  if (state.now().getTime() - found.receivedAt.getTime() > PLAZO_MS) return [8];
  const key = keyOf(found);
  const eventos = state.rcvEventos.get(key) ?? [];
  const verdict = decide(eventos, accion);
  if (verdict[0] === 0) state.rcvEventos.set(key, [...eventos, { accion, rutResponsable, fecha: state.now() }]);
  return verdict;
}

/** The manual's table for a document with earlier events (within the 8 days). */
function decide(eventos: RcvEvento[], accion: AccionDoc): [number, string?] {
  const has = (a: AccionDoc) => eventos.some((e) => e.accion === a);
  const reclamo = [...eventos].reverse().find((e) => RECLAMOS.has(e.accion))?.accion;
  if (reclamo) {
    if (accion === 'ERM') return [6, reclamo];
    if (accion === 'ACD') return [12, reclamo];
    return has(accion) ? [7] : [0];
  }
  if (has('ACD') || has('ERM')) {
    if (RECLAMOS.has(accion)) return has('ACD') ? [11] : [13];
    return has(accion) ? [7] : [0];
  }
  return [0];
}

function listar(state: SiiFakeState, params: Record<string, string>): Outcome {
  const found = receivedOrCode(state, params);
  if (Array.isArray(found)) return found;
  const eventos = state.rcvEventos.get(keyOf(found)) ?? [];
  return eventos.length ? { eventos } : [16];
}

/** Codes 1, 2, 3 for bad parameters; 18 when the SII did not receive it; 10 before 2017-01-14. */
function receivedOrCode(state: SiiFakeState, params: Record<string, string>): RegisteredDocument | [number] {
  const doc = documentParams(params);
  if (typeof doc === 'number') return [doc];
  const found = state.receivedDocument(doc.emisor, doc.tipo, doc.folio);
  if (!found) return [18];
  if (found.receivedAt.getTime() < DESDE_2017) return [10];
  return found;
}

function documentParams(params: Record<string, string>): DocParams | number {
  const body = params['rutEmisor'] ?? '';
  const emisor = /^\d+$/.test(body) && Number(body) >= 1000 ? normalizeRut(`${body}-${params['dvEmisor'] ?? ''}`) : undefined;
  if (!emisor || !/^[0-9K]$/.test(params['dvEmisor'] ?? '')) return 1;
  const folio = /^\d{1,10}$/.test(params['folio'] ?? '') ? Number(params['folio']) : 0;
  if (folio < 1) return 2;
  const tipo = /^\d{1,2}$/.test(params['tipoDoc'] ?? '') ? Number(params['tipoDoc']) : 0;
  if (!TIPOS.has(tipo)) return 3;
  return { emisor, tipo, folio };
}

function codResp(outcome: Outcome): SoapLiteralValue {
  if ('eventos' in outcome) {
    return [
      ['codResp', 15],
      ['descResp', DESC[15]],
      ...outcome.eventos.map((e): [string, SoapLiteralValue] => {
        const { body, dv } = splitRut(e.rutResponsable);
        const rut = String(body);
        return [
          'listaEventosDoc',
          [
            ['codEvento', e.accion],
            ['descEvento', DESC_EVENTO[e.accion]],
            ['rutResponsable', rut ?? ''],
            ['dvResponsable', dv ?? ''],
            ['fechaEvento', fechaSii(e.fecha)],
          ],
        ];
      }),
    ];
  }
  const [code, reclamo] = outcome;
  return [
    ['codResp', code],
    ['descResp', reclamo ? DESC[code].replace('XXX', reclamo) : DESC[code]],
  ];
}

function keyOf(r: RegisteredDocument): string {
  return `${r.document.emisor}|${r.document.tipo}|${r.document.folio}`;
}

/** The events registered for a received document (ACD, ERM, RCD, RFP, RFT), oldest first. */
export function eventosDe(state: SiiFakeState, r: RegisteredDocument): RcvEvento[] {
  return state.rcvEventos.get(keyOf(r)) ?? [];
}

export function fechaSii(d: Date): string {
  const [date, time] = santiagoTimestamp(d).split('T');
  return `${date.split('-').reverse().join('-')} ${time}`;
}
