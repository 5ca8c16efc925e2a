import { generateSigner, officialExample, signXml } from '../../test/fixtures';
import { encodeLatin1 } from '../xml/encoding';
import { DteBuildError } from '../errors';
import { parseDteDocuments } from '../parsers/received';
import { validateXsd } from '../xsd';
import { buildEnvioRecibos, buildRecibo, RECIBO_DECLARACION } from './recibos';
import { buildRespuestaDte, recepcionDteFromParsed, resultadoDteFromParsed } from './respuesta';

const signer = generateSigner();
const [received] = parseDteDocuments(officialExample());
const caratula = {
  rutResponde: '77777777-7',
  rutRecibe: '97975000-5',
  idRespuesta: 1,
  nmbContacto: 'Encargada de Recepción de Facturas Electrónicas',
  tmstFirmaResp: '2025-03-11T09:00:00',
};

describe('buildRespuestaDte', () => {
  it('a reception answer (RecepcionEnvio) validates once signed', async () => {
    const xml = buildRespuestaDte({
      caratula,
      recepciones: [
        {
          nmbEnvio: 'F60T33.xml',
          fchRecep: '2025-03-11T08:59:00',
          codEnvio: 1,
          envioDteId: 'SetDoc',
          rutEmisor: '97975000-5',
          rutReceptor: '77777777-7',
          estado: 0,
          glosa: 'Envio Recibido Conforme',
          dtes: [recepcionDteFromParsed(received, 0, 'DTE Recibido OK')],
        },
      ],
    });
    expect(xml).toContain('<NroDetalles>1</NroDetalles><NmbContacto>Encargada de Recepción de Facturas Elect</NmbContacto>');
    expect(xml).toContain(
      '<RecepcionDTE><TipoDTE>33</TipoDTE><Folio>60</Folio><FchEmis>2003-10-13</FchEmis><RUTEmisor>97975000-5</RUTEmisor><RUTRecep>77777777-7</RUTRecep><MntTotal>119000</MntTotal><EstadoRecepDTE>0</EstadoRecepDTE>',
    );
    const signed = signXml(xml, 'ResultadoEnvio', signer);
    expect(await validateXsd(encodeLatin1(signed), 'RespuestaEnvioDTE')).toEqual({ valid: true, errors: [] });
  });

  it('a commercial answer (ResultadoDTE) validates once signed', async () => {
    const xml = buildRespuestaDte({
      caratula,
      resultados: [{ ...resultadoDteFromParsed(received, 1, 2, 'Rechazado: precio no corresponde'), codRchDsc: -1 }],
      id: 'R1',
    });
    expect(xml).toContain(
      '<EstadoDTE>2</EstadoDTE><EstadoDTEGlosa>Rechazado: precio no corresponde</EstadoDTEGlosa><CodRchDsc>-1</CodRchDsc>',
    );
    expect(await validateXsd(encodeLatin1(signXml(xml, 'R1', signer)), 'RespuestaEnvioDTE')).toEqual({ valid: true, errors: [] });
  });

  it('refuses both kinds, neither, and a positive CodRchDsc', () => {
    const r = resultadoDteFromParsed(received, 1, 0, 'OK');
    const rec = { nmbEnvio: 'x', fchRecep: '2025-03-11T08:59:00', codEnvio: 1, envioDteId: 'SetDoc', estado: 0 as const, glosa: 'ok' };
    expect(() => buildRespuestaDte({ caratula })).toThrow(DteBuildError);
    expect(() => buildRespuestaDte({ caratula, resultados: [r], recepciones: [rec] })).toThrow(DteBuildError);
    expect(() => buildRespuestaDte({ caratula, resultados: [{ ...r, codRchDsc: 5 }] })).toThrow(/codRchDsc/);
  });
});

describe('buildRecibo / buildEnvioRecibos', () => {
  const recibo = {
    tipoDoc: 33,
    folio: 60,
    fchEmis: '2003-10-13',
    rutEmisor: '97975000-5',
    rutRecep: '77777777-7',
    mntTotal: 119000,
    recinto: 'Bodega central, San Diego 2222',
    rutFirma: '11111111-1',
    tmstFirmaRecibo: '2025-03-11T09:05:00',
  };

  it('carries the fixed Ley 19.983 declaration and validates as EnvioRecibos once both levels are signed', async () => {
    const xml = buildRecibo(recibo);
    expect(xml).toContain(`<Declaracion>${RECIBO_DECLARACION}</Declaracion>`);
    expect(xml).toContain('<DocumentoRecibo ID="R979750005T33F60">');
    const signedRecibo = signXml(xml, 'R979750005T33F60', signer);
    const envio = buildEnvioRecibos({
      caratula: { rutResponde: '77777777-7', rutRecibe: '97975000-5', tmstFirmaEnv: '2025-03-11T09:06:00' },
      signedRecibos: [signedRecibo],
    });
    expect(envio).toContain(`</Caratula>${signedRecibo}</SetRecibos>`);
    const signed = signXml(envio, 'SetRecibos', signer);
    expect(await validateXsd(encodeLatin1(signed), 'EnvioRecibos')).toEqual({ valid: true, errors: [] });
  });

  it('refuses an empty set and a non-Recibo', () => {
    const caratulaRecibos = { rutResponde: '77777777-7', rutRecibe: '97975000-5', tmstFirmaEnv: '2025-03-11T09:06:00' };
    expect(() => buildEnvioRecibos({ caratula: caratulaRecibos, signedRecibos: [] })).toThrow(DteBuildError);
    expect(() => buildEnvioRecibos({ caratula: caratulaRecibos, signedRecibos: ['<DTE/>'] })).toThrow(/not a <Recibo>/);
  });
});
