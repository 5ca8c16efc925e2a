import type { SiiFakeState } from './state';
import { stateAt } from './estup';
import { siiRespuesta } from './sii-respuesta';
import type { UploadedDocument, UploadRecord } from './types';

// getEstDte's ESTADO, ERR_CODE and GLOSA_ESTADO (docs/research/sii-protocol.md §2.6).
const ESTADOS = {
  DOK: [0, 'DTE Recibido'],
  DNK: [1, 'DTE Recibido - Datos No Coinciden con los Registrados'],
  FAU: [3, 'DTE No Recibido'],
  FNA: [4, 'Folio No Autorizado'],
  TMD: [10, 'Existe Nota de Debito que Modifica Texto'],
  TMC: [11, 'Existe Nota de Credito que Modifica Textos'],
  MMD: [12, 'Existe Nota de Debito que Modifica Montos'],
  MMC: [13, 'Existe Nota de Credito que Modifica Montos'],
  AND: [14, 'Existe Nota de Debito que Anula Documento'],
  ANC: [15, 'Existe Nota de Credito que Anula Documento'],
} as const;
type EstadoDte = keyof typeof ESTADOS;

/** [tipo of the note][CodRef]. */
const EFECTO: Record<number, Record<number, EstadoDte>> = { 56: { 1: 'AND', 2: 'TMD', 3: 'MMD' }, 61: { 1: 'ANC', 2: 'TMC', 3: 'MMC' } };

/** QueryEstDte.jws: FAU unprocessed or RCH; DNK receptor, date or amount differ; FNA folio outside every CAF; a later note's effect. */
export function getEstDte(state: SiiFakeState, params: { name: string; value: string }[]): string {
  const p = (name: string, pos: number) => (params.find((x) => x.name === name)?.value ?? params[pos]?.value ?? '').trim();
  const token = p('Token', 10);
  const answer = (estado: string, glosa: string, errCode: string) =>
    siiRespuesta([
      ['ESTADO', estado],
      ['GLOSA_ESTADO', glosa],
      ['ERR_CODE', errCode],
      ['GLOSA_ERR', glosa],
      ['NUM_ATENCION', state.numAtencion()],
    ]);
  const tokenState = token ? state.tokenState(token) : 'missing';
  if (tokenState === 'missing') return answer('001', 'Cookie Inactivo', '001');
  if (tokenState === 'unknown') return answer('003', 'Token No Existe', '003');
  if (tokenState === 'expired') return answer('002', 'Token Inactivo', '002');

  const emisor = `${Number(p('RutCompania', 2))}-${p('DvCompania', 3).toUpperCase()}`;
  const tipo = Number(p('TipoDte', 6));
  const folio = Number(p('FolioDte', 7));
  const found = processed(state).find(({ doc }) => doc.emisor === emisor && doc.tipo === tipo && doc.folio === folio);
  const reply = (e: EstadoDte) => answer(e, ESTADOS[e][1], String(ESTADOS[e][0]));
  if (!found && !state.cafs.some((c) => c.rut === emisor && c.tipo === tipo && folio >= c.desde && folio <= c.hasta)) return reply('FNA');
  if (!found || found.doc.result === 'RCH') return reply('FAU');
  const d = found.doc;
  const fecha = d.fechaEmision.split('-').reverse().join('');
  const receptor = `${Number(p('RutReceptor', 4))}-${p('DvReceptor', 5).toUpperCase()}`;
  if (receptor !== d.receptor || p('FechaEmisionDte', 8) !== fecha || Number(p('MontoDte', 9)) !== d.montos.total) return reply('DNK');
  const efecto = processed(state)
    .filter(({ doc }) => doc.emisor === emisor && doc.result !== 'RCH')
    .flatMap(({ doc }) => doc.referencias.filter((r) => r.tipo === tipo && r.folio === folio).map((r) => EFECTO[doc.tipo]?.[r.codigo ?? 0]))
    .filter((e): e is EstadoDte => !!e)
    .pop();
  return reply(efecto ?? 'DOK');
}

function processed(state: SiiFakeState): { upload: UploadRecord; doc: UploadedDocument }[] {
  return [...state.uploads.values()]
    .filter((u) => stateAt(u, state.now(), state.options.estUpDelaysMs) === 'EPR')
    .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
    .flatMap((upload) => upload.documents.map((doc) => ({ upload, doc })));
}
