import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The SII's own example EnvioDTE (factura 33 N° 60, receptor 77777777-7), exact ISO-8859-1 bytes. */
export const OFFICIAL_EXAMPLE: Buffer = readFileSync(join(__dirname, '..', 'fixtures', 'F60T33-official-sii-example.xml'));

export interface DteSpec {
  tipo: number;
  folio: number;
  fecha: string;
  emisor: string;
  receptor: string;
  neto?: number;
  exento?: number;
  iva?: number;
  total: number;
}

/**
 * A minimal standalone DTE (generated, unsigned; the reception parser does not verify signatures),
 * in the SiiDte namespace, for types and amounts the official example does not cover.
 */
export function dteXml(d: DteSpec): string {
  const tot = [
    d.neto !== undefined ? `<MntNeto>${d.neto}</MntNeto>` : '',
    d.exento !== undefined ? `<MntExe>${d.exento}</MntExe>` : '',
    d.iva !== undefined ? `<TasaIVA>19</TasaIVA><IVA>${d.iva}</IVA>` : '',
    `<MntTotal>${d.total}</MntTotal>`,
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<DTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><Documento ID="F${d.folio}T${d.tipo}"><Encabezado>
<IdDoc><TipoDTE>${d.tipo}</TipoDTE><Folio>${d.folio}</Folio><FchEmis>${d.fecha}</FchEmis></IdDoc>
<Emisor><RUTEmisor>${d.emisor}</RUTEmisor><RznSoc>Proveedor de Prueba SpA</RznSoc><GiroEmis>Comercio</GiroEmis><Acteco>469000</Acteco></Emisor>
<Receptor><RUTRecep>${d.receptor}</RUTRecep><RznSocRecep>Receptor</RznSocRecep></Receptor>
<Totales>${tot}</Totales></Encabezado>
<Detalle><NroLinDet>1</NroLinDet><NmbItem>Item de prueba</NmbItem><MontoItem>${d.total}</MontoItem></Detalle>
</Documento></DTE>`;
}

/** A factura 33 of neto 1.000 + IVA 190. */
export function facturaXml(d: Pick<DteSpec, 'folio' | 'fecha' | 'emisor' | 'receptor'>): string {
  return dteXml({ tipo: 33, ...d, neto: 1000, iva: 190, total: 1190 });
}

/** An acknowledgement, not a DTE. */
export const RESPUESTA_DTE = `<?xml version="1.0" encoding="ISO-8859-1"?>
<RespuestaDTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><Resultado ID="R1"><Caratula version="1.0">
<RutResponde>77777777-7</RutResponde><RutRecibe>97975000-5</RutRecibe><IdRespuesta>1</IdRespuesta><NroDetalles>1</NroDetalles>
<TmstFirmaResp>2003-10-14T10:00:00</TmstFirmaResp></Caratula></Resultado></RespuestaDTE>`;

/** The "billion laughs" entity expansion attack wrapped around a DTE-looking document. */
export const XML_BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<DTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><Documento ID="F1T33"><Encabezado><IdDoc><TipoDTE>33</TipoDTE><Folio>1</Folio>
<FchEmis>2025-01-01</FchEmis></IdDoc><Emisor><RUTEmisor>&lol4;</RUTEmisor></Emisor></Encabezado></Documento></DTE>`;

/** An EnvioDTE (unsigned) holding the given DTE documents, as produced by {@link dteXml}. */
export function envioXml(dtes: string[]): string {
  const body = dtes.map((d) => d.replace(/^<\?xml[^>]*\?>\s*/, '').replace(' xmlns="http://www.sii.cl/SiiDte"', '')).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<EnvioDTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><SetDTE ID="SetDoc"><Caratula version="1.0"><RutEmisor>79555444-0</RutEmisor>
<RutEnvia>79555444-0</RutEnvia><RutReceptor>60803000-K</RutReceptor><FchResol>2014-08-22</FchResol><NroResol>80</NroResol>
<TmstFirmaEnv>2025-05-02T10:00:00</TmstFirmaEnv></Caratula>
${body}
</SetDTE></EnvioDTE>`;
}
