import { EMISOR, rutFields } from '../test/envio';
import { tag } from '../test/helpers';
import { DEUDOR, EscenarioCesion, FACTOR_A, OTRA, PASO_MS, type Emitido } from '../test/cesion';

jest.setTimeout(30_000);

const escenario = new EscenarioCesion();
let folio = 0;
const emitir = () => escenario.emitir(++folio);
const [rutEmisor, dvEmisor] = rutFields(EMISOR);

const doc = (e: Emitido): [string, string][] => [
  ['RutEmisor', rutEmisor],
  ['DVEmisor', dvEmisor],
  ['TipoDoc', String(e.idDte.tipo)],
  ['FolioDoc', String(e.idDte.folio)],
];

describe('getEstEnvio (docs/research/cesion.md §3)', () => {
  it('walks RCP, SOK, FSO, COK, VDC, VCS to EOK, each step lasting estUpDelaysMs, in an rpc answer of http://DefaultNamespace', async () => {
    const { trackId } = await escenario.anotar(escenario.aec1(await emitir()));
    const vistos: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { header, body } = await escenario.estEnvio(trackId as string);
      expect(header).toMatchObject({ ESTADO: '0', GLOSA: 'Requerimiento recibido OK.' });
      expect(body[0].TRACKID).toBe(trackId);
      vistos.push(`${body[0].ESTADO_ENVIO} ${body[0].DESC_ESTADO}`);
      escenario.avanzar(PASO_MS);
    }
    expect(vistos).toEqual([
      'RCP Envio Recibido',
      'SOK Schema Validado',
      'FSO Firma de Sobre Validada',
      'COK Caratula OK',
      'VDC Validacion de Documento',
      'VCS Validacion de Cesiones',
      'EOK Envio Aceptado',
    ]);
    const { envelope, inner } = await escenario.estEnvio(trackId as string);
    expect(envelope).toContain(
      '<ns1:getEstEnvioResponse soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" xmlns:ns1="http://DefaultNamespace">',
    );
    expect(envelope).toContain('<getEstEnvioReturn xsi:type="xsd:string">&lt;?xml');
    expect(inner).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema"><SII:RESP_HDR><ESTADO>0</ESTADO>' +
        '<GLOSA>Requerimiento recibido OK.</GLOSA></SII:RESP_HDR><SII:RESP_BODY>' +
        `<TRACKID>${trackId}</TRACKID><ESTADO_ENVIO>EOK</ESTADO_ENVIO><DESC_ESTADO>Envio Aceptado</DESC_ESTADO></SII:RESP_BODY></SII:RESPUESTA>`,
    );
  });

  it('stops at the step that failed, and only the final state carries the DETALLE', async () => {
    const e = await emitir();
    const { trackId } = await escenario.anotar(escenario.aec1(e, { montoCesion: 200000 }));
    const vistos: [string | undefined, string | undefined][] = [];
    for (let i = 0; i < 7; i++) {
      const { inner } = await escenario.estEnvio(trackId as string);
      vistos.push([tag(inner, 'ESTADO_ENVIO'), tag(inner, 'DETALLE')]);
      escenario.avanzar(PASO_MS);
    }
    const detalle = 'Cesion 1: MontoCesion 200000 mayor que el MntTotal del DTE (119000)';
    expect(vistos.map(([estado]) => estado)).toEqual(['RCP', 'SOK', 'FSO', 'COK', 'VDC', 'RCS', 'RCS']);
    expect(vistos.map(([, d]) => d)).toEqual([undefined, undefined, undefined, undefined, undefined, detalle, detalle]);
    const schema = await escenario.anotar(Buffer.from('<AEC/>'));
    expect(tag((await escenario.estEnvio(schema.trackId as string)).inner, 'ESTADO_ENVIO')).toBe('RCP');
    escenario.avanzar(PASO_MS);
    expect(tag((await escenario.estEnvio(schema.trackId as string)).inner, 'ESTADO_ENVIO')).toBe('RSC');
  });

  it('answers the token errors 5, 4 and 3, ESTADO 1 for a TrackId that is not a number and 2 for an unknown one', async () => {
    const estado = async (token: string, trackId = '0000000001') => (await escenario.estEnvio(trackId, token)).header;
    expect(await estado('')).toEqual({ ESTADO: '5', GLOSA: 'Error autenticación.' });
    expect(await estado('NOPE')).toEqual({ ESTADO: '4', GLOSA: 'Error autenticación: Token no existe' });
    const vencido = escenario.token(escenario.emisor);
    escenario.avanzar(1801 * 1000);
    expect(await estado(vencido)).toEqual({ ESTADO: '3', GLOSA: 'Error autenticación: Token Inactivo' });
    const token = escenario.token(escenario.emisor);
    expect(await estado(token, 'abc')).toEqual({ ESTADO: '1', GLOSA: 'Error de datos.' });
    expect(await estado(token, '0000000001')).toEqual({ ESTADO: '2', GLOSA: 'Error No se encontró información' });
  });

  it('answers 10 to a user the envío company did not authorize', async () => {
    const { trackId } = await escenario.anotar(escenario.aec1(await emitir()));
    escenario.authority.autorizarUsuarios(EMISOR, [escenario.emisor.rut]);
    const { header } = await escenario.estEnvio(trackId as string, escenario.token(escenario.factorA));
    escenario.authority.usuariosAutorizados.delete(EMISOR);
    expect(header).toEqual({
      ESTADO: '10',
      GLOSA: `Error permisos: Usuario conectado [${escenario.factorA.rut}] no tiene permiso en empresa [${EMISOR}]`,
    });
  });
});

describe('getEstCesion and getEstCesionRelac (docs/research/cesion.md §3)', () => {
  let cedido: Emitido;
  let idCesion: string;

  beforeAll(async () => {
    cedido = await emitir();
    const { trackId } = await escenario.anotar(escenario.aec1(cedido));
    idCesion = escenario.authority.aecEnvios.get(trackId as string)?.cesiones[0]?.idCesion ?? '';
  });

  const cesion = (e: Emitido, id?: string) =>
    escenario.consultar('getEstCesion', [
      ['Token', escenario.token(escenario.emisor)],
      ...doc(e),
      ...(id ? ([['IdCesion', id]] as [string, string][]) : []),
    ]);
  const relac = (e: Emitido, empresa: string) => {
    const [rut, dv] = rutFields(empresa);
    return escenario.consultar('getEstCesionRelac', [
      ['Token', escenario.token(escenario.emisor)],
      ...doc(e),
      ['RutEmpresa', rut],
      ['DVEmpresa', dv],
    ]);
  };

  it('answers 2 until getEstEnvio shows EOK, then "Documento Cedido", with the holder for the IdCesion', async () => {
    expect((await cesion(cedido)).header).toEqual({ ESTADO: '2', GLOSA: 'Error No se encontró información' });
    escenario.avanzar(7 * PASO_MS);
    expect(await cesion(cedido)).toMatchObject({ header: { ESTADO: '0', GLOSA: 'Documento Cedido' }, body: [] });
    const detalle = await cesion(cedido, idCesion);
    expect(detalle.header).toEqual({ ESTADO: '0', GLOSA: 'Documento Cedido' });
    expect(detalle.body).toEqual([
      { RUT_TENEDOR: FACTOR_A, FECHA_ULT_ANOT: expect.stringMatching(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/), DEC_JURADA: 'EXISTE' },
    ]);
    expect((await cesion(cedido, 'X'.repeat(20))).header.ESTADO).toBe('2');
  });

  it('answers 2 for a document never assigned and 1 for bad data', async () => {
    expect((await cesion(await emitir())).header.ESTADO).toBe('2');
    const malo = await escenario.consultar('getEstCesion', [
      ['Token', escenario.token(escenario.emisor)],
      ['RutEmisor', 'abc'],
      ['DVEmisor', '1'],
      ['TipoDoc', '33'],
      ['FolioDoc', '1'],
    ]);
    expect(malo.header).toEqual({ ESTADO: '1', GLOSA: 'Error de datos.' });
  });

  it('getEstCesionRelac: the detail for the holder, the issuer and the receiver; -15 for another company', async () => {
    escenario.avanzar(7 * PASO_MS);
    for (const empresa of [FACTOR_A, EMISOR, DEUDOR]) {
      const { header, body } = await relac(cedido, empresa);
      expect(header.ESTADO).toBe('0');
      expect(body[0]).toMatchObject({ RUT_TENEDOR: FACTOR_A, DEC_JURADA: 'EXISTE' });
    }
    expect((await relac(cedido, OTRA)).header).toEqual({
      ESTADO: '-15',
      GLOSA: 'Error permisos: Empresa Relacionada no esta vinculada con el documento consultado.',
    });
  });

  it('getEstCesionRelac: 2 for a document never assigned, 10 for a user the company did not authorize, NO EXISTE without a DJ', async () => {
    const libre = await emitir();
    expect((await relac(libre, EMISOR)).header.ESTADO).toBe('2');
    escenario.authority.autorizarUsuarios(OTRA, [escenario.factorB.rut]);
    expect((await relac(cedido, OTRA)).header.ESTADO).toBe('10');
    expect(await escenario.evento(libre, 'ERM')).toBe('0');
    await escenario.anotar(escenario.aec1(libre, { declaracionJurada: undefined }));
    escenario.avanzar(7 * PASO_MS);
    expect((await relac(libre, FACTOR_A)).body[0]).toMatchObject({ RUT_TENEDOR: FACTOR_A, DEC_JURADA: 'NO EXISTE' });
  });
});
