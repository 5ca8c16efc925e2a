import { findFirst, localName, validateXsd } from '@lib/dte';
import type { SiiFakeState } from './state';
import { leerArchivo } from './upload';
import { leerAec, type AecLeido, type CesionLeida } from './aec-leido';
import { firmaDelSobre, firmasInternas, recorteDe } from './aec-firmas';
import { juzgarDocumento } from './aec-documento';
import { juzgarCesiones } from './aec-cesiones';
import type { AecEstadoFinal, FirmaInterna } from './types';

const SII_NS = 'http://www.sii.cl/SiiDte';

/** The RPETC's verdict on an AEC: the final state, which rules failed, the inner signatures, and the cesiones it registers (EOK). */
export interface VeredictoAec {
  finalState: AecEstadoFinal;
  detail?: string;
  firmasInternas: FirmaInterna[];
  nuevas: CesionLeida[];
  documento?: { emisor: string; tipo: number; folio: number };
}

/** Rules in the order of getEstEnvio's states, RSC to RCS (docs/research/cesion.md §3); EOK registers the cesiones the registry
 * does not hold yet. */
export async function juzgarAec(state: SiiFakeState, archivo: Buffer, rutCompany: string): Promise<VeredictoAec> {
  const rechazo = (finalState: AecEstadoFinal, problemas: string[], firmas: FirmaInterna[] = []): VeredictoAec => ({
    finalState,
    detail: problemas.join('; '),
    firmasInternas: firmas,
    nuevas: [],
  });
  const leido = leerArchivo(archivo);
  if ('error' in leido) return rechazo('RSC', [leido.error]);
  const { xml, doc } = leido;
  // AEC_v10.xsd also declares DTE, DTECedido, Cesion and Recibo (its includes) as roots: only an AEC is one.
  const raiz = doc.documentElement;
  if (localName(raiz) !== 'AEC' || raiz.namespaceURI !== SII_NS) return rechazo('RSC', [`El documento no es un AEC: <${raiz.nodeName}>`]);
  const schema = await validateXsd(archivo, 'AEC');
  if (!schema.valid) return rechazo('RSC', schema.errors.length ? schema.errors.slice(0, 5) : ['Error de Schema']);
  const sobre = firmaDelSobre(xml, doc);
  if (sobre) return rechazo('RFS', [sobre]);

  const aec = leerAec(doc);
  const firmas = firmasInternas(xml, doc, aec.cesiones.length);
  const caratula = juzgarCaratula(aec, rutCompany);
  if (caratula.length) return rechazo('RCR', caratula, firmas);
  const documento = juzgarDocumento(state, recorteDe(xml, findFirst(raiz, 'DTE')), firmas);
  if (Array.isArray(documento)) return rechazo('RDC', documento, firmas);
  const cesiones = juzgarCesiones(state, aec, documento, firmas);
  if (cesiones.length) return rechazo('RCS', cesiones, firmas);
  const { emisor, tipo, folio } = documento.registrado.document;
  const registradas = state.cesionesRegistradas(emisor, tipo, folio);
  return {
    finalState: 'EOK',
    firmasInternas: firmas,
    nuevas: aec.cesiones.filter((c) => !registradas.some((r) => r.seq === c.seq)),
    documento: { emisor, tipo, folio },
  };
}

/** RCR "Error en Caratula": "Carátula = the last cesión" (docs/research/cesion.md §1.1) and rutCompany is the cedente (§2). */
function juzgarCaratula(aec: AecLeido, rutCompany: string): string[] {
  const ultima = aec.cesiones[aec.cesiones.length - 1];
  const { rutCedente, rutCesionario } = aec.caratula;
  const out: string[] = [];
  if (ultima && rutCedente !== ultima.cedente)
    out.push(`RutCedente ${rutCedente} no es el Cedente de la ultima cesion (${ultima.cedente})`);
  if (ultima && rutCesionario !== ultima.cesionario) {
    out.push(`RutCesionario ${rutCesionario} no es el Cesionario de la ultima cesion (${ultima.cesionario})`);
  }
  if (rutCedente !== rutCompany) out.push(`RutCedente ${rutCedente} distinto de la empresa del envio (${rutCompany})`);
  return out;
}
