import { SII_RUT, findFirst, textOf, childElements } from '@lib/dte';
import type { SiiFakeState } from './state';

/** Caratula/RutReceptor of every EnvioDTE sent to the SII (docs/research/sii-protocol.md §1.9). */

export interface Caratula {
  rutEmisor?: string;
  rutEnvia?: string;
  rutReceptor?: string;
  fchResol?: string;
  nroResol?: string;
  tmstFirmaEnv?: string;
  subTotDte: { tpoDte?: string; nroDte?: string }[];
}

/** docs/research/sii-protocol.md §3.1. */
export function readCaratula(doc: Document): Caratula {
  const caratula = findFirst(doc.documentElement, 'Caratula');
  if (!caratula) return { subTotDte: [] };
  return {
    rutEmisor: textOf(caratula, 'RutEmisor'),
    rutEnvia: textOf(caratula, 'RutEnvia'),
    rutReceptor: textOf(caratula, 'RutReceptor'),
    fchResol: textOf(caratula, 'FchResol'),
    nroResol: textOf(caratula, 'NroResol'),
    tmstFirmaEnv: textOf(caratula, 'TmstFirmaEnv'),
    subTotDte: childElements(caratula, 'SubTotDTE').map((s) => ({ tpoDte: textOf(s, 'TpoDTE'), nroDte: textOf(s, 'NroDTE') })),
  };
}

export interface EnvioSubido {
  rutSender: string;
  rutCompany: string;
  tipos: number[];
}

/** RCT "Rechazado por Error en Caratula" (docs/research/sii-protocol.md §2.5). Sources: CRT-3-18 §1.9, [P] LibreDTE #30; CRT-3-19
 * docs/tax-gateway.md "Emission rules"; RutEnvia §1.9, no code; SubTotDTE EnvioDTE_v10.xsd, §3.1, code unknown. */
export function caratulaOutcome(
  authority: SiiFakeState,
  c: Caratula,
  envio: EnvioSubido,
): { finalState: 'EPR' | 'RCT'; rejection?: string } {
  const rct = (rejection: string) => ({ finalState: 'RCT' as const, rejection });
  if (c.rutReceptor !== SII_RUT) return rct('(CRT-3-18) RUT Receptor (Caratula) Invalido');
  if (!authority.resolucionValida(envio.rutCompany, c.fchResol, c.nroResol)) return rct('(CRT-3-19) Fecha/Numero Resolucion Invalido');
  if (c.rutEnvia !== envio.rutSender) return rct('RUT Envia diferente al Upload');
  if (c.rutEmisor !== envio.rutCompany) return rct('RUT Emisor diferente al Upload');
  const subtotales = subTotDteProblem(c, envio.tipos);
  if (subtotales) return rct(subtotales);
  return { finalState: 'EPR' };
}

function subTotDteProblem(c: Caratula, tipos: number[]): string | undefined {
  const contados = new Map<number, number>();
  for (const t of tipos) contados.set(t, (contados.get(t) ?? 0) + 1);
  const declarados = new Map<number, number>();
  for (const s of c.subTotDte) {
    const tipo = Number(s.tpoDte);
    if (declarados.has(tipo)) return `(CRT) SubTotDTE repetido para TpoDTE ${tipo}`;
    declarados.set(tipo, Number(s.nroDte));
  }
  for (const tipo of new Set([...contados.keys(), ...declarados.keys()])) {
    const [envio, caratula] = [contados.get(tipo) ?? 0, declarados.get(tipo) ?? 0];
    if (envio !== caratula) return `(CRT) SubTotDTE TpoDTE ${tipo}: NroDTE ${caratula} distinto de los ${envio} DTE del envio`;
  }
  return undefined;
}
