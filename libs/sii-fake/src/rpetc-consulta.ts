import type { SiiFakeState } from './state';
import { pasoAt } from './estup';
import { siiRespuesta } from './sii-respuesta';
import { normalizeRut } from './internal/rut';
import { fechaSii } from './registro-reclamo';
import type { AecEnvioRecord, AecEstado, AecEstadoFinal, CesionRegistrada } from './types';

/** WSC: `https://maullin.sii.cl/DTEWS/services/wsRPETCConsulta`, rpc/encoded, operations in `http://DefaultNamespace` (docs/research/cesion.md §3). */
export const RPETC_CONSULTA_PATH = '/DTEWS/services/wsRPETCConsulta';
export const RPETC_NAMESPACE = 'http://DefaultNamespace';

type Params = { name: string; value: string }[];

/** RESP_HDR/ESTADO and GLOSA (WSC; docs/research/cesion.md §3). */
const ESTADOS = {
  OK: ['0', 'Requerimiento recibido OK.'],
  DATOS: ['1', 'Error de datos.'],
  NO_HAY: ['2', 'Error No se encontró información'],
  INACTIVO: ['3', 'Error autenticación: Token Inactivo'],
  NO_EXISTE: ['4', 'Error autenticación: Token no existe'],
  AUTENTICACION: ['5', 'Error autenticación.'],
  PERMISO: ['10', 'Error permisos: Usuario conectado [%s] no tiene permiso en empresa [%s]'],
  NO_VINCULADA: ['-15', 'Error permisos: Empresa Relacionada no esta vinculada con el documento consultado.'],
} as const;

/** ESTADO_ENVIO's glosas (WSC; docs/research/cesion.md §3), as WSC's example writes them: no accents. */
export const DESC_ESTADO: Record<AecEstado, string> = {
  RCP: 'Envio Recibido',
  SOK: 'Schema Validado',
  FSO: 'Firma de Sobre Validada',
  COK: 'Caratula OK',
  VDC: 'Validacion de Documento',
  VCS: 'Validacion de Cesiones',
  EOK: 'Envio Aceptado',
  RSC: 'Rechazado por Error en Schema',
  RFS: 'Rechazado por Firma de Sobre',
  RCR: 'Error en Caratula',
  RDC: 'Documento Invalido',
  RCS: 'Cesion Invalida',
};

const PASOS: AecEstado[] = ['RCP', 'SOK', 'FSO', 'COK', 'VDC', 'VCS'];
/** How many in-progress states precede each final one: a rejection ends the walk at the step that failed. */
const PASOS_ANTES: Record<AecEstadoFinal, number> = { RSC: 1, RFS: 2, RCR: 3, RDC: 4, RCS: 5, EOK: 6 };

export function timelineAec(envio: AecEnvioRecord): AecEstado[] {
  return [...PASOS.slice(0, PASOS_ANTES[envio.finalState]), envio.finalState];
}

/** Each step lasts `estUpDelaysMs`, as QueryEstUp's (estup.ts `pasoAt`); 0 is final at once. */
export function estadoAec(state: SiiFakeState, envio: AecEnvioRecord): AecEstado {
  return pasoAt(timelineAec(envio), envio.receivedAt, state.now(), state.options.estUpDelaysMs);
}

const hdr = ([estado, glosa]: readonly [string, string], body: [string, string][] = []) =>
  siiRespuesta(
    [
      ['ESTADO', estado],
      ['GLOSA', glosa],
    ],
    body.length ? [body] : [],
  );

/** `undefined` for a live token, else the RESPUESTA: 5 without one, 4 unknown, 3 expired. The token is the first parameter (WSC). */
function tokenError(state: SiiFakeState, params: Params): string | undefined {
  const token = param(params, 'Token', 0);
  if (!token) return hdr(ESTADOS.AUTENTICACION);
  const estado = state.tokenState(token);
  if (estado === 'unknown') return hdr(ESTADOS.NO_EXISTE);
  if (estado === 'expired') return hdr(ESTADOS.INACTIVO);
  return undefined;
}

function param(params: Params, name: string, pos: number): string {
  return (params.find((p) => p.name.toLowerCase() === name.toLowerCase())?.value ?? params[pos]?.value ?? '').trim();
}

/** getEstEnvio(Token, TrackId); at a rejected final state DETALLE names the failed rule in the stand-in's words, the SII's texts
 * being unpublished (docs/research/cesion.md §6.2). */
export function getEstEnvio(state: SiiFakeState, params: Params): string {
  const fallo = tokenError(state, params);
  if (fallo) return fallo;
  const trackId = param(params, 'TrackId', 1);
  if (!/^\d{1,15}$/.test(trackId)) return hdr(ESTADOS.DATOS);
  const envio = state.aecEnvios.get(trackId) ?? state.aecEnvios.get(trackId.padStart(10, '0'));
  if (!envio) return hdr(ESTADOS.NO_HAY);
  const usuario = state.tokens.get(param(params, 'Token', 0))?.rut;
  if (!state.puedeEnviar(usuario, envio.rutCompany)) return hdr(sinPermiso(usuario, envio.rutCompany));
  const estado = estadoAec(state, envio);
  const body: [string, string][] = [
    ['TRACKID', envio.trackId],
    ['ESTADO_ENVIO', estado],
    ['DESC_ESTADO', DESC_ESTADO[estado]],
  ];
  if (estado === envio.finalState && envio.detail) body.push(['DETALLE', envio.detail]);
  return hdr(ESTADOS.OK, body);
}

/** The document of RutEmisor, DVEmisor, TipoDoc, FolioDoc (positions 1-4), or undefined for bad data (ESTADO 1). */
function documentoConsultado(params: Params): { emisor: string; tipo: number; folio: number } | undefined {
  const rut = param(params, 'RutEmisor', 1);
  const emisor = /^\d+$/.test(rut) ? normalizeRut(`${rut}-${param(params, 'DVEmisor', 2)}`) : undefined;
  const tipo = param(params, 'TipoDoc', 3);
  const folio = param(params, 'FolioDoc', 4);
  if (!emisor || !/^\d{1,3}$/.test(tipo) || !/^\d{1,10}$/.test(folio) || Number(folio) < 1) return undefined;
  return { emisor, tipo: Number(tipo), folio: Number(folio) };
}

/** The registered cesiones of a document whose envío getEstEnvio already shows EOK, by SeqCesion. */
function anotadas(state: SiiFakeState, doc: { emisor: string; tipo: number; folio: number }): CesionRegistrada[] {
  return state.cesionesRegistradas(doc.emisor, doc.tipo, doc.folio).filter((c) => {
    const envio = state.aecEnvios.get(c.trackId);
    return envio !== undefined && estadoAec(state, envio) === 'EOK';
  });
}

/** RUT_TENEDOR the last cesionario, FECHA_ULT_ANOT its registration (`DD-MM-YYYY HH:MM:SS`, unconfirmed), DEC_JURADA. */
function detalle(cesiones: CesionRegistrada[]): [string, string][] {
  const ultima = cesiones[cesiones.length - 1];
  return [
    ['RUT_TENEDOR', ultima.cesionario],
    ['FECHA_ULT_ANOT', fechaSii(ultima.registradaEl)],
    ['DEC_JURADA', cesiones.some((c) => c.declaracionJurada) ? 'EXISTE' : 'NO EXISTE'],
  ];
}

const CEDIDO = ['0', 'Documento Cedido'] as const;

/** getEstCesion(Token, RutEmisor, DVEmisor, TipoDoc, FolioDoc, IdCesion?): the detail only with the IdCesion of one of the
 * document's cesiones (WSC; docs/research/cesion.md §3). */
export function getEstCesion(state: SiiFakeState, params: Params): string {
  const fallo = tokenError(state, params);
  if (fallo) return fallo;
  const doc = documentoConsultado(params);
  if (!doc) return hdr(ESTADOS.DATOS);
  const cesiones = anotadas(state, doc);
  if (cesiones.length === 0) return hdr(ESTADOS.NO_HAY);
  const idCesion = param(params, 'IdCesion', 5);
  if (!idCesion) return hdr(CEDIDO);
  if (!cesiones.some((c) => c.idCesion === idCesion)) return hdr(ESTADOS.NO_HAY);
  return hdr(CEDIDO, detalle(cesiones));
}

/** getEstCesionRelac(Token, RutEmisor, DVEmisor, TipoDoc, FolioDoc, RutEmpresa, DVEmpresa): the detail for a user of RutEmpresa
 * when RutEmpresa is the holder, issuer or receiver of the document. */
export function getEstCesionRelac(state: SiiFakeState, params: Params): string {
  const fallo = tokenError(state, params);
  if (fallo) return fallo;
  const doc = documentoConsultado(params);
  const rut = param(params, 'RutEmpresa', 5);
  const empresa = /^\d+$/.test(rut) ? normalizeRut(`${rut}-${param(params, 'DVEmpresa', 6)}`) : undefined;
  if (!doc || !empresa) return hdr(ESTADOS.DATOS);
  const usuario = state.tokens.get(param(params, 'Token', 0))?.rut;
  if (!state.puedeEnviar(usuario, empresa)) return hdr(sinPermiso(usuario, empresa));
  const cesiones = anotadas(state, doc);
  if (cesiones.length === 0) return hdr(ESTADOS.NO_HAY);
  const receptor = state.receivedDocument(doc.emisor, doc.tipo, doc.folio)?.document.receptor;
  const vinculadas = [cesiones[cesiones.length - 1].cesionario, doc.emisor, receptor];
  if (!vinculadas.includes(empresa)) return hdr(ESTADOS.NO_VINCULADA);
  return hdr(CEDIDO, detalle(cesiones));
}

function sinPermiso(usuario: string | undefined, empresa: string): readonly [string, string] {
  const [estado, glosa] = ESTADOS.PERMISO;
  return [estado, glosa.replace('%s', usuario ?? '-').replace('%s', empresa)];
}
