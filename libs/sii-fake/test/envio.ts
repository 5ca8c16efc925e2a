// Builds real, signed EnvioDTE files for upload tests: a CAF from the fake authority, TEDs signed
// with the CAF key, Documento and SetDoc XMLDSig signatures made with a test certificate.
import { createPrivateKey, sign } from 'node:crypto';
import FormData from 'form-data';
import {
  buildBoleta,
  buildDd,
  buildDte,
  buildEnvioBoleta,
  buildEnvioDte,
  ddInputFromBoleta,
  buildTed,
  ddInputFromDocumento,
  encodeLatin1,
  parseCaf,
  santiagoDate,
  santiagoTimestamp,
  type BoletaInput,
  type Caf,
  type DocumentoInput,
  type LibroInput,
} from '@lib/dte';
import type { SiiFakeAuthority } from '../src/authority';
import { signXml, type TestCertificate } from './helpers';

export const EMISOR = '76555835-2';

/** The Caratula of a monthly TOTAL book of {@link EMISOR} for 2026-10, in certification. */
export const caratulaLibro = (rutEnvia: string, tipoOperacion: 'COMPRA' | 'VENTA'): LibroInput['caratula'] => ({
  rutEmisorLibro: EMISOR,
  rutEnvia,
  periodoTributario: '2026-10',
  fchResol: '2024-01-15',
  nroResol: 0,
  tipoOperacion,
  tipoLibro: 'MENSUAL',
  tipoEnvio: 'TOTAL',
});

export async function requestCaf(authority: SiiFakeAuthority, rut: string, tipo: number, desde: number, hasta: number) {
  const res = await authority.handle({
    method: 'POST',
    url: '/sim/caf',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ rut, tipo_dte: tipo, desde, hasta })),
  });
  return res;
}

export function documento(folio: number, overrides: Partial<DocumentoInput> = {}): DocumentoInput {
  return {
    tipo_dte: 33,
    folio,
    fecha_emision: santiagoDate(),
    emisor: {
      rut: EMISOR,
      razon_social: 'Comercial Ñuble Prueba SpA',
      giro: 'Servicios informáticos',
      acteco: 620200,
      direccion: 'Av. Libertador Bernardo O’Higgins 1449',
      comuna: 'Santiago',
    },
    receptor: { rut: '77777777-7', razon_social: 'Cliente de Prueba Ltda.', giro: 'Comercio' },
    detalle: [{ nombre: 'Asesoría técnica', cantidad: 2, precio_unitario: 50000 }],
    ...overrides,
  } as DocumentoInput;
}

/** A signed DTE: TED with the CAF key, then the Documento XMLDSig. */
export function signedDte(input: DocumentoInput, caf: Caf, cert: TestCertificate): string {
  const ts = santiagoTimestamp();
  const dd = buildDd(ddInputFromDocumento(input, caf.cafXml, ts));
  const frmt = sign('sha1', encodeLatin1(dd), createPrivateKey(caf.rsask as string)).toString('base64');
  const dte = buildDte(input, buildTed(dd, frmt), ts);
  return signXml(dte, cert, `#F${input.folio}T${input.tipo_dte}`);
}

/** A signed EnvioDTE as ISO-8859-1 bytes. */
export function signedEnvio(
  dtes: string[],
  cert: TestCertificate,
  caratula: { rutReceptor?: string; rutEnvia?: string; fchResol?: string; nroResol?: number } = {},
): Buffer {
  const xml = buildEnvioDte({
    caratula: {
      rutEmisor: EMISOR,
      rutEnvia: caratula.rutEnvia ?? cert.rut,
      rutReceptor: caratula.rutReceptor ?? '60803000-K',
      fchResol: caratula.fchResol ?? '2024-01-15',
      nroResol: caratula.nroResol ?? 0,
      tmstFirmaEnv: santiagoTimestamp(),
    },
    signedDtes: dtes,
  });
  return encodeLatin1(signXml(xml, cert, '#SetDoc'));
}

export async function cafFor(authority: SiiFakeAuthority, tipo: number, desde: number, hasta: number): Promise<Caf> {
  const res = await requestCaf(authority, EMISOR, tipo, desde, hasta);
  if (res.status !== 200) throw new Error(`CAF request failed: ${res.status} ${res.body.toString()}`);
  return parseCaf(res.body);
}

/** A boleta 39 of {@link EMISOR} to an anonymous buyer, one IVA-included line of 11 900 pesos (neto 10 000, IVA 1 900). */
export function boleta(folio: number, overrides: Partial<BoletaInput> = {}): BoletaInput {
  return {
    tipo_dte: 39,
    folio,
    fecha_emision: santiagoDate(),
    indicador_servicio: 3,
    emisor: {
      rut: EMISOR,
      razon_social: 'Comercial Ñuble Prueba SpA',
      giro: 'Venta al por menor',
      acteco: 472101,
      direccion: 'Av. Matta 1',
      comuna: 'Santiago',
    },
    detalle: [{ nombre: 'Café grano 1 kg', cantidad: 1, precio_unitario: 11900 }],
    ...overrides,
  };
}

/** A signed boleta; `xml` replaces the built Documento before signing (a broken rule the builder would refuse). */
export function signedBoleta(input: BoletaInput, caf: Caf, cert: TestCertificate, edit: (xml: string) => string = (x) => x): string {
  const ts = santiagoTimestamp();
  const dd = buildDd(ddInputFromBoleta(input, caf.cafXml, ts));
  const frmt = sign('sha1', encodeLatin1(dd), createPrivateKey(caf.rsask as string)).toString('base64');
  return signXml(edit(buildBoleta(input, buildTed(dd, frmt), ts)), cert, `#F${input.folio}T${input.tipo_dte}`);
}

/** A signed EnvioBOLETA as ISO-8859-1 bytes. */
export function signedEnvioBoleta(boletas: string[], cert: TestCertificate, rutReceptor = '60803000-K'): Buffer {
  const xml = buildEnvioBoleta({
    caratula: {
      rutEmisor: EMISOR,
      rutEnvia: cert.rut,
      rutReceptor,
      fchResol: '2024-01-15',
      nroResol: 0,
      tmstFirmaEnv: santiagoTimestamp(),
    },
    signedDtes: boletas,
  });
  return encodeLatin1(signXml(xml, cert, '#SetDoc'));
}

/** DTEUpload's form, boleta.electronica.envio's too (docs/research/sii-protocol.md §2.4): RUTs split from their DV, the file. */
export function uploadForm(
  rutSender: string,
  archivo: Buffer,
  { rutCompany = EMISOR, filename = 'envio.xml', contentType = 'text/xml' } = {},
): FormData {
  const [rs, ds] = rutFields(rutSender);
  const [rc, dc] = rutFields(rutCompany);
  const form = new FormData();
  for (const [name, value] of [
    ['rutSender', rs],
    ['dvSender', ds],
    ['rutCompany', rc],
    ['dvCompany', dc],
  ])
    form.append(name, value);
  form.append('archivo', archivo, { filename, contentType });
  return form;
}

/** A RUT as the SII's forms take it, body and check digit apart; not validated, so that specs can send a wrong one. */
export function rutFields(rut: string): [string, string] {
  const at = rut.lastIndexOf('-');
  return [rut.slice(0, at), rut.slice(at + 1)];
}
