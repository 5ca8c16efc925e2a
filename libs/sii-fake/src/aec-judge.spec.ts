import { buildRecibo, santiagoDate } from '@lib/dte';
import { EMISOR } from '../test/envio';
import { makeTestCertificate, signXml } from '../test/helpers';
import { DEUDOR, EscenarioCesion, FACTOR_A, FACTOR_A_PARTE, FACTOR_B, OTRA, type Emitido } from '../test/cesion';

jest.setTimeout(30_000);

const escenario = new EscenarioCesion();
let folio = 0;
const emitir = (overrides = {}) => escenario.emitir(++folio, overrides);

describe('an AEC the RPETC accepts (EOK)', () => {
  it('registers the first cesión with a 20-character IdCesion; the inner signatures verified where they were signed', async () => {
    const e = await emitir();
    const res = await escenario.anotarYJuzgar(escenario.aec1(e));
    expect(res).toMatchObject({ estado: 'EOK', desc: 'Envio Aceptado', detalle: undefined });
    const envio = escenario.authority.aecEnvios.get(res.trackId);
    expect(envio?.finalState).toBe('EOK');
    expect(envio?.cesiones).toEqual([
      expect.objectContaining({
        seq: 1,
        emisor: EMISOR,
        tipo: 33,
        folio: e.idDte.folio,
        cedente: EMISOR,
        cesionario: FACTOR_A,
        montoCesion: 119000,
      }),
    ]);
    expect(envio?.cesiones[0].idCesion).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(envio?.cesiones[0].declaracionJurada).toBe(true);
    // The DTE was signed with only the default namespace in scope; the AEC root adds xmlns:xsi (docs/research/cesion.md §1.2).
    expect(envio?.firmasInternas).toEqual([
      { que: `DTE F${e.idDte.folio}T33`, contexto: 'namespace-por-defecto' },
      { que: 'DocumentoDTECedido', contexto: 'archivo' },
      { que: 'Cesion 1', contexto: 'archivo' },
    ]);
  });

  it('accepts a DocumentoCesion signed as no-namespace XML and embedded, as the SII portal files were (docs/research/cesion.md §1.2)', async () => {
    const e = await emitir();
    const res = await escenario.anotarYJuzgar(escenario.aec1(e, { firmadaSinNamespace: true }));
    expect(res.estado).toBe('EOK');
    expect(escenario.authority.aecEnvios.get(res.trackId)?.firmasInternas).toContainEqual({ que: 'Cesion 1', contexto: 'sin-namespace' });
  });

  it('registers a second cesión sent by the first cesionario with the earlier parts kept byte-for-byte', async () => {
    const e = await emitir();
    const primera = escenario.aec1(e);
    expect((await escenario.anotarYJuzgar(primera)).estado).toBe('EOK');
    const segunda = escenario.aec2(e, primera, { cedente: FACTOR_A_PARTE, firmantes: [escenario.factorA] }, { id: 'AEC2' });
    const res = await escenario.anotarYJuzgar(segunda, FACTOR_A);
    expect(res).toMatchObject({ estado: 'EOK', detalle: undefined });
    expect(escenario.authority.aecEnvios.get(res.trackId)?.cesiones.map((c) => [c.seq, c.cedente, c.cesionario])).toEqual([
      [2, FACTOR_A, FACTOR_B],
    ]);
    expect(escenario.authority.cesionesRegistradas(EMISOR, 33, e.idDte.folio).map((c) => c.cesionario)).toEqual([FACTOR_A, FACTOR_B]);
  });
});

describe('an AEC the RPETC refuses', () => {
  it('RSC for a file that is not XML or not an AEC_v10.xsd AEC', async () => {
    expect(await escenario.anotarYJuzgar(Buffer.from('no es XML'))).toMatchObject({
      estado: 'RSC',
      desc: 'Rechazado por Error en Schema',
      detalle: expect.stringContaining('XML mal formado'),
    });
    const e = await emitir();
    const res = await escenario.anotarYJuzgar(escenario.aec1(e, { montoCesion: -5 }));
    expect(res).toMatchObject({ estado: 'RSC', detalle: expect.stringMatching(/^line \d+: .*MontoCesion/) });
    // A DTE alone is valid for the schema set AEC_v10.xsd includes, but it is not an AEC.
    const dte = Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>\n${e.dte}`, 'latin1');
    expect(await escenario.anotarYJuzgar(dte)).toMatchObject({ estado: 'RSC', detalle: 'El documento no es un AEC: <DTE>' });
  });

  it('RFS when the outer signature over DocumentoAEC does not verify in place', async () => {
    const e = await emitir();
    const file = Buffer.from(escenario.aec1(e).toString('latin1').replace('Contacto de Prueba', 'Contacto Alterado'), 'latin1');
    expect(await escenario.anotarYJuzgar(file)).toMatchObject({
      estado: 'RFS',
      desc: 'Rechazado por Firma de Sobre',
      detalle: expect.stringContaining('Firma del AEC (#AEC1) invalida'),
    });
  });

  it('RCR when the carátula is not the last cesión, or RutCedente is not the company of the upload', async () => {
    const e = await emitir();
    const otraCaratula = escenario.aec1(
      e,
      {},
      { caratula: { rutCedente: EMISOR, rutCesionario: FACTOR_B, tmstFirmaEnvio: escenario.ahora() } },
    );
    expect(await escenario.anotarYJuzgar(otraCaratula)).toMatchObject({
      estado: 'RCR',
      desc: 'Error en Caratula',
      detalle: `RutCesionario ${FACTOR_B} no es el Cesionario de la ultima cesion (${FACTOR_A})`,
    });
    expect(await escenario.anotarYJuzgar(escenario.aec1(e), FACTOR_A)).toMatchObject({
      estado: 'RCR',
      detalle: `RutCedente ${EMISOR} distinto de la empresa del envio (${FACTOR_A})`,
    });
  });

  it('RDC for a DTE the SII never received, or one whose data differ from those it registered', async () => {
    const nunca = await escenario.firmar(150);
    const fchEmis = santiagoDate(escenario.clock);
    const sinRecibir: Emitido = {
      dte: nunca,
      idDte: { tipo: 33, emisor: EMISOR, receptor: DEUDOR, folio: 150, fchEmis, mntTotal: 119000 },
    };
    expect(await escenario.anotarYJuzgar(escenario.aec1(sinRecibir))).toMatchObject({
      estado: 'RDC',
      desc: 'Documento Invalido',
      detalle: `DTE T33F150 de ${EMISOR}: no recibido por el SII, o rechazado`,
    });
    const e = await emitir();
    const otroMonto = await escenario.firmar(e.idDte.folio, { detalle: [{ nombre: 'Asesoria', cantidad: 3, precio_unitario: 50000 }] });
    const res = await escenario.anotarYJuzgar(escenario.aec1({ ...e, dte: otroMonto }));
    expect(res).toMatchObject({
      estado: 'RDC',
      detalle: `DTE T33F${e.idDte.folio} de ${EMISOR}: MntTotal 178500 distinto del registrado en el SII`,
    });
  });

  it('RDC when the DTE signature verifies in no context (in the file, default namespace only, none)', async () => {
    const e = await emitir();
    const alterado = e.dte.replace('<GiroRecep>Comercio</GiroRecep>', '<GiroRecep>Comercia</GiroRecep>');
    expect(alterado).not.toBe(e.dte);
    const res = await escenario.anotarYJuzgar(escenario.aec1({ ...e, dte: alterado }));
    expect(res).toMatchObject({
      estado: 'RDC',
      detalle: expect.stringMatching(/^Firma de DTE F\d+T33 invalida: no verifica en el archivo/),
    });
    expect(escenario.authority.aecEnvios.get(res.trackId)?.firmasInternas[0]).toEqual({ que: `DTE F${e.idDte.folio}T33` });
  });

  it('RDC for a credit note (61 is not cedible), RCS for the factura it annulled within 8 days (RCL 20, 21)', async () => {
    const e = await emitir();
    const nota = await escenario.emitir(1, {
      tipo_dte: 61,
      referencias: [{ tipo_doc: 33, folio: e.idDte.folio, fecha: e.idDte.fchEmis, codigo: 1, razon: 'Anula factura' }],
    });
    expect(await escenario.anotarYJuzgar(escenario.aec1(nota, { idDte: { ...nota.idDte, tipo: 33 } }))).toMatchObject({
      estado: 'RDC',
      detalle: `DTE T61F1 de ${EMISOR}: tipo de documento no es cedible (solo 33, 34, 43 y 46)`,
    });
    expect(await escenario.anotarYJuzgar(escenario.aec1(e))).toMatchObject({
      estado: 'RCS',
      desc: 'Cesion Invalida',
      detalle: 'DTE No cedible, referenciado por nota de credito de anulacion del emisor dentro de los primeros 8 dias (T61F1)',
    });
  });
});

describe('RCS: the cesión rules (docs/research/cesion.md §4, INS)', () => {
  const rcs = async (e: Emitido, file: Buffer, rutCompany = EMISOR) => {
    const res = await escenario.anotarYJuzgar(file, rutCompany);
    expect(res).toMatchObject({ estado: 'RCS', desc: 'Cesion Invalida' });
    expect(escenario.authority.cesionesRegistradas(EMISOR, 33, e.idDte.folio)).toEqual([]);
    return res.detalle;
  };

  it('MontoCesion above the DTE total', async () => {
    const e = await emitir();
    expect(await rcs(e, escenario.aec1(e, { montoCesion: 119001 }))).toBe(
      'Cesion 1: MontoCesion 119001 mayor que el MntTotal del DTE (119000)',
    );
  });

  it('UltimoVencimiento before the DTE FchEmis', async () => {
    const e = await emitir();
    expect(await rcs(e, escenario.aec1(e, { ultimoVencimiento: '2020-01-01' }))).toBe(
      `Cesion 1: UltimoVencimiento 2020-01-01 anterior a la FchEmis del DTE (${e.idDte.fchEmis})`,
    );
  });

  it('TmstCesion after the reception', async () => {
    const e = await emitir();
    const futuro = new Date(escenario.clock.getTime() + 3600_000);
    const detalle = await rcs(e, escenario.aec1(e, { tmstCesion: `${santiagoDate(futuro)}T23:59:59` }));
    expect(detalle).toMatch(/^Cesion 1: TmstCesion \S+ posterior a la recepcion/);
  });

  it('a first cedente that is not the issuer', async () => {
    const e = await emitir();
    const file = escenario.aec1(e, { cedente: { rut: OTRA, razonSocial: 'Otra Empresa SpA' } });
    expect(await rcs(e, file, OTRA)).toBe(`Cesion 1: Cedente ${OTRA} no es el Emisor del DTE (${EMISOR})`);
  });

  it('an IdDTE that is not the DTE carried', async () => {
    const e = await emitir();
    expect(await rcs(e, escenario.aec1(e, { idDte: { ...e.idDte, mntTotal: 1190 } }))).toContain(
      'Cesion 1: IdDTE/MntTotal 1190 no corresponde al DTE cedido',
    );
  });

  it('a DocumentoCesion whose signature verifies in no context', async () => {
    const e = await emitir();
    const file = escenario.aec1(e, {}, { antesDeFirmar: (xml) => xml.replace('Factoring Uno SpA', 'Factoring Otro SpA') });
    expect(await rcs(e, file)).toMatch(/^Firma de Cesion 1 invalida: no verifica/);
  });

  it('a DTE its receiver claimed (RCD on RegistroReclamoDTE; RCL 24)', async () => {
    const e = await emitir();
    expect(await escenario.evento(e, 'RCD')).toBe('0');
    expect(await rcs(e, escenario.aec1(e))).toBe('DTE No Cedible, DTE reclamado por el receptor (RCD)');
  });

  it('a second cesión whose cedente is not the first cesionario, and a first cesión already registered', async () => {
    const e = await emitir();
    const primera = escenario.aec1(e);
    expect((await escenario.anotarYJuzgar(primera)).estado).toBe('EOK');
    const segunda = escenario.aec2(e, primera, { cedente: { rut: OTRA, razonSocial: 'Otra SpA' } });
    expect((await escenario.anotarYJuzgar(segunda, OTRA)).detalle).toBe(
      `Cesion 2: Cedente ${OTRA} no es el Cesionario de la cesion 1 (${FACTOR_A})`,
    );
    expect((await escenario.anotarYJuzgar(primera)).detalle).toBe('Cesion 1: ya registrada, el archivo no trae una cesion nueva');
    const distinta = await escenario.anotarYJuzgar(escenario.aec1(e, { montoCesion: 100000 }));
    expect(distinta.detalle).toContain('Cesion 1: distinta de la cesion 1 registrada para el documento');
    expect(escenario.authority.cesionesRegistradas(EMISOR, 33, e.idDte.folio)).toHaveLength(1);
  });
});

describe('the receipt of the goods or services (docs/research/cesion.md §4: Ley 19.983, RCL 22-25)', () => {
  const sinDj = { declaracionJurada: undefined };

  it('RCS within the 8 days without an ERM/ACD event, a Recibo or a DeclaracionJurada; EOK with the DeclaracionJurada instead', async () => {
    const e = await emitir();
    expect(await escenario.anotarYJuzgar(escenario.aec1(e, sinDj))).toMatchObject({
      estado: 'RCS',
      detalle: expect.stringContaining('No existe registro de reclamo o de recepcion de mercaderia o servicios'),
    });
    expect((await escenario.anotarYJuzgar(escenario.aec1(e))).estado).toBe('EOK');
  });

  it('EOK after the receiver gave the receipt (ERM) within the 8 days', async () => {
    const e = await emitir();
    expect(await escenario.evento(e, 'ERM')).toBe('0');
    expect((await escenario.anotarYJuzgar(escenario.aec1(e, sinDj))).estado).toBe('EOK');
  });

  it('EOK with an electronic Recibo of the receiver in DocumentoDTECedido', async () => {
    const e = await emitir();
    const receptor = makeTestCertificate('11111111-1', 'RECEPTOR');
    const recibo = signXml(
      buildRecibo({
        tipoDoc: 33,
        folio: e.idDte.folio,
        fchEmis: e.idDte.fchEmis,
        rutEmisor: EMISOR,
        rutRecep: DEUDOR,
        mntTotal: e.idDte.mntTotal,
        recinto: 'Bodega central',
        rutFirma: receptor.rut,
        tmstFirmaRecibo: escenario.ahora(),
      }),
      receptor,
      `#R76555835-2T33F${e.idDte.folio}`.replace('-', ''),
    );
    const file = escenario.aec1(e, sinDj, {
      dteCedido: { dte: e.dte, recibos: [recibo], tmstFirma: escenario.ahora(), firmante: escenario.emisor },
    });
    expect((await escenario.anotarYJuzgar(file)).estado).toBe('EOK');
  });

  it('EOK once 8 days have passed since the SII received the DTE (receipt presumed)', async () => {
    const lejos = new EscenarioCesion();
    const e = await lejos.emitir(1);
    lejos.avanzar(8 * 24 * 3600_000 + 1000);
    expect((await lejos.anotarYJuzgar(lejos.aec1(e, sinDj))).estado).toBe('EOK');
  });
});
