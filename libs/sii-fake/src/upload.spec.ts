import axios from 'axios';
import FormData from 'form-data';
import { setupServer } from 'msw/node';
import { SiiFakeAuthority } from './authority';
import { createSiiFakeHandlers } from './msw';
import { buildLibroCompraVenta, encodeLatin1 } from '@lib/dte';
import { makeTestCertificate, signXml, soapInner, soapRequest, tag } from '../test/helpers';
import { EMISOR, cafFor, caratulaLibro, documento, rutFields, signedDte, signedEnvio } from '../test/envio';

const BASE = 'https://maullin.sii.cl';
const cert = makeTestCertificate('12345678-5');
let clock = new Date();
const authority = new SiiFakeAuthority({ now: () => clock, estUpDelaysMs: 1000 });
const server = setupServer(...createSiiFakeHandlers(authority));
const token = authority.issueToken(cert.rut).token;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

interface UploadOptions {
  cookie?: string;
  rutSender?: string;
  fields?: string[];
}

async function upload(file: Buffer, { cookie = `TOKEN=${token}`, rutSender = cert.rut, fields }: UploadOptions = {}) {
  const [rs, ds] = rutFields(rutSender);
  const [rc, dc] = EMISOR.split('-');
  const values: Record<string, string> = { rutSender: rs, dvSender: ds, rutCompany: rc, dvCompany: dc };
  const form = new FormData();
  for (const name of fields ?? ['rutSender', 'dvSender', 'rutCompany', 'dvCompany', 'archivo']) {
    if (name === 'archivo') form.append('archivo', file, { filename: 'envio.xml', contentType: 'text/xml' });
    else form.append(name, values[name]);
  }
  const res = await axios.post(`${BASE}/cgi_dte/UPL/DTEUpload`, form.getBuffer(), {
    headers: { ...form.getHeaders(), Cookie: cookie, 'User-Agent': 'Mozilla/4.0 (compatible; PROG 1.0; Windows NT 5.0; YComp 5.0.2.4)' },
    responseType: 'arraybuffer',
  });
  const xml = Buffer.from(res.data).toString('latin1');
  return {
    xml,
    status: Number(tag(xml, 'STATUS')),
    trackId: tag(xml, 'TRACKID'),
    errors: [...xml.matchAll(/<ERROR>([^<]*)<\/ERROR>/g)].map((m) => m[1]),
  };
}

async function estUp(trackId: string, tok = token) {
  const [rut, dv] = rutFields(EMISOR);
  const ns = `${BASE}/DTEWS/QueryEstUp.jws`;
  const res = await axios.post(ns, soapRequest('getEstUp', ns, { RutCompania: rut, DvCompania: dv, TrackId: trackId, Token: tok }), {
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '' },
    responseType: 'text',
  });
  return soapInner(res.data as string);
}

describe('DTEUpload', () => {
  let caf33: Awaited<ReturnType<typeof cafFor>>;
  let caf34: Awaited<ReturnType<typeof cafFor>>;
  beforeAll(async () => {
    caf33 = await cafFor(authority, 33, 1, 100);
    caf34 = await cafFor(authority, 34, 1, 50);
  });

  it('answers STATUS 5 without a valid token', async () => {
    const file = signedEnvio([signedDte(documento(90), caf33, cert)], cert);
    expect((await upload(file, { cookie: 'TOKEN=NOPE' })).status).toBe(5);
    expect((await upload(file, { cookie: '' })).status).toBe(5);
  });

  it('answers STATUS 7 with the XSD errors for a file that is not a valid EnvioDTE', async () => {
    const file = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><EnvioDTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><SetDTE ID="SetDoc"/></EnvioDTE>',
      'latin1',
    );
    const res = await upload(file);
    expect(res.status).toBe(7);
    expect(res.errors.length).toBeGreaterThan(0);
  });

  it('answers STATUS 3 when the multipart fields are not in the SII order', async () => {
    const file = signedEnvio([signedDte(documento(91), caf33, cert)], cert);
    const res = await upload(file, { fields: ['rutCompany', 'dvCompany', 'rutSender', 'dvSender', 'archivo'] });
    expect(res.status).toBe(3);
  });

  it('answers STATUS 1 when rutSender is not the token owner', async () => {
    const file = signedEnvio([signedDte(documento(92), caf33, cert)], cert);
    expect((await upload(file, { rutSender: '11111111-1' })).status).toBe(1);
  });

  it('accepts a signed envío and walks REC..EPR with counts per type', async () => {
    const file = signedEnvio(
      [signedDte(documento(1), caf33, cert), signedDte(documento(2), caf33, cert), signedDte(documento(1, { tipo_dte: 34 }), caf34, cert)],
      cert,
    );
    const res = await upload(file);
    expect(res.errors).toEqual([]);
    expect(res.status).toBe(0);
    expect(res.trackId).toMatch(/^\d{10}$/);
    expect(res.xml).toMatch(/<TIMESTAMP>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/TIMESTAMP>/);

    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push(tag(await estUp(res.trackId as string), 'ESTADO') as string);
      clock = new Date(clock.getTime() + 1000);
    }
    expect(seen).toEqual(['REC', 'SOK', 'CRT', 'FOK', 'PDR', 'EPR']);
    const epr = await estUp(res.trackId as string);
    expect(tag(epr, 'GLOSA')).toBe('Envio Procesado');
    expect(epr).toContain(
      '<SII:RESP_BODY><TIPO_DOCTO>33</TIPO_DOCTO><INFORMADOS>2</INFORMADOS><ACEPTADOS>2</ACEPTADOS><RECHAZADOS>0</RECHAZADOS><REPAROS>0</REPAROS>' +
        '<TIPO_DOCTO>34</TIPO_DOCTO><INFORMADOS>1</INFORMADOS><ACEPTADOS>1</ACEPTADOS><RECHAZADOS>0</RECHAZADOS><REPAROS>0</REPAROS></SII:RESP_BODY>',
    );
  });

  it('answers STATUS 99 for the same file or an already received folio', async () => {
    const dte = signedDte(documento(10), caf33, cert);
    const file = signedEnvio([dte], cert);
    expect((await upload(file)).status).toBe(0);
    expect((await upload(file)).status).toBe(99);
    // Another document with the same folio: a different file even when signed in the same second.
    const sameFolio = documento(10, { detalle: [{ nombre: 'Otro servicio', cantidad: 1, precio_unitario: 1000 }] });
    const again = await upload(signedEnvio([signedDte(sameFolio, caf33, cert)], cert));
    expect(again.status).toBe(99);
    expect(again.errors[0]).toContain('folio 10');
  });

  it('ends in RCT when the Caratula receiver is not the SII', async () => {
    const res = await upload(signedEnvio([signedDte(documento(20), caf33, cert)], cert, { rutReceptor: '77777777-7' }));
    expect(res.status).toBe(0);
    clock = new Date(clock.getTime() + 10_000);
    const answer = await estUp(res.trackId as string);
    expect(tag(answer, 'ESTADO')).toBe('RCT');
    expect(tag(answer, 'GLOSA')).toContain('CRT-3-18');
  });

  it("ends in RCT (CRT-3-19) when FchResol/NroResol are not the company's registered resolution", async () => {
    const rct = async (folio: number, caratula: { fchResol?: string; nroResol?: number }) => {
      const res = await upload(signedEnvio([signedDte(documento(folio), caf33, cert)], cert, caratula));
      expect(res.status).toBe(0);
      clock = new Date(clock.getTime() + 10_000);
      const answer = await estUp(res.trackId as string);
      return [tag(answer, 'ESTADO'), tag(answer, 'GLOSA')];
    };
    // Not registered: the certification rule, NroResol 0.
    expect(await rct(21, { nroResol: 80 })).toEqual(['RCT', '(CRT-3-19) Fecha/Numero Resolucion Invalido']);
    const registered = await authority.handle({
      method: 'POST',
      url: 'https://maullin.sii.cl/sim/resolucion',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ rut: EMISOR, fecha_resolucion: '2024-01-15', numero_resolucion: 0 })),
    });
    expect(registered.status).toBe(200);
    expect(await rct(22, { fchResol: '2024-02-01' })).toEqual(['RCT', '(CRT-3-19) Fecha/Numero Resolucion Invalido']);
    expect((await rct(23, {}))[0]).toBe('EPR');
    authority.resoluciones.clear();
  });

  it('answers STATUS 8 when a DTE was altered after signing', async () => {
    const dte = signedDte(documento(30), caf33, cert).replace('<GiroRecep>Comercio</GiroRecep>', '<GiroRecep>Comercia</GiroRecep>');
    const res = await upload(signedEnvio([dte], cert));
    expect(res.status).toBe(8);
    expect(res.errors.join('\n')).toContain('F30T33: firma invalida');
  });

  it('answers STATUS 8 for a CAF that this authority did not sign', async () => {
    const other = new SiiFakeAuthority();
    const foreign = await cafFor(other, 33, 1, 100);
    const res = await upload(signedEnvio([signedDte(documento(40), foreign, cert)], cert));
    expect(res.status).toBe(8);
    expect(res.errors.join('\n')).toContain('CAF no autorizado');
  });

  it('answers STATUS 8 for a CAF of another environment (IDK 300, production)', async () => {
    const production = new SiiFakeAuthority({ cafIdk: 300 });
    const caf = await cafFor(production, 33, 1, 100);
    expect(caf.idk).toBe(300);
    const res = await upload(signedEnvio([signedDte(documento(41), caf, cert)], cert));
    expect(res.status).toBe(8);
    expect(res.errors.join('\n')).toContain('CAF de otro ambiente (IDK 300)');
  });
});

describe('QueryEstUp', () => {
  it('answers 003 for an unknown token and 002 for an expired one', async () => {
    expect(tag(await estUp('0000000001', 'XXXXXXXXXXXXX'), 'ESTADO')).toBe('003');
    const short = new SiiFakeAuthority({ tokenTtlSeconds: 1, now: () => clock });
    const t = short.issueToken(cert.rut).token;
    clock = new Date(clock.getTime() + 2000);
    const res = await short.handle({
      method: 'POST',
      url: '/DTEWS/QueryEstUp.jws',
      headers: {},
      body: Buffer.from(soapRequest('getEstUp', 'x', { Rut: '76555835', Dv: '2', TrackId: '1', Token: t })),
    });
    expect(tag(soapInner(res.body.toString()), 'ESTADO')).toBe('002');
  });

  it('answers -11 with ERR_CODE for an unknown track ID', async () => {
    const answer = await estUp('0000000001');
    expect(tag(answer, 'ESTADO')).toBe('-11');
    expect(tag(answer, 'ERR_CODE')).toBe('1');
  });
});

describe('DTEUpload of an IECV book', () => {
  const libro = (detalleNeto = 1000) =>
    buildLibroCompraVenta({
      id: 'LIBRO_1',
      caratula: caratulaLibro(cert.rut, 'VENTA'),
      detalle: [
        {
          tipoDoc: 33,
          folio: 7,
          fecha: '2026-10-03',
          rut: '77777777-7',
          razonSocial: 'Cliente',
          exento: 0,
          neto: detalleNeto,
          iva: 190,
          total: 1190,
        },
      ],
      tmstFirma: '2026-11-01T10:00:00',
    });
  const signed = (xml: string) => encodeLatin1(signXml(xml, cert, '#LIBRO_1'));
  const finalState = async (trackId: string) => {
    clock = new Date(clock.getTime() + 60_000);
    return estUp(trackId);
  };

  it('accepts a signed, balanced book and ends it in LOK (Libro Cuadrado)', async () => {
    const res = await upload(signed(libro()));
    expect(res.status).toBe(0);
    const answer = await finalState(res.trackId as string);
    expect(tag(answer, 'ESTADO')).toBe('LOK');
    expect(tag(answer, 'GLOSA')).toBe('Libro Cuadrado');
  });

  it('ends a book whose TotalesPeriodo differs from its Detalle in LRH', async () => {
    const tampered = libro().replace('<TotMntNeto>1000</TotMntNeto>', '<TotMntNeto>999</TotMntNeto>');
    const res = await upload(signed(tampered));
    const answer = await finalState(res.trackId as string);
    expect(tag(answer, 'ESTADO')).toBe('LRH');
    expect(tag(answer, 'GLOSA')).toContain('Libro No Cuadrado: TpoDoc 33: TotMntNeto 999');
  });

  it('refuses a book changed after signing with STATUS 8, and unsigned or invalid ones against LibroCV_v10.xsd with STATUS 7', async () => {
    const changed = signXml(libro(), cert, '#LIBRO_1').replace('<RznSoc>Cliente</RznSoc>', '<RznSoc>Otro</RznSoc>');
    expect((await upload(encodeLatin1(changed))).status).toBe(8);
    expect((await upload(encodeLatin1(libro()))).status).toBe(7);
    expect((await upload(signed(libro().replace('<TipoLibro>MENSUAL</TipoLibro>', '<TipoLibro>X</TipoLibro>')))).status).toBe(7);
  });
});
