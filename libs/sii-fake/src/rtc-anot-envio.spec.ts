import { parseRecepcionAec } from '@lib/dte';
import { EMISOR } from '../test/envio';
import { EscenarioCesion, FACTOR_A, OTRA, type Emitido } from '../test/cesion';

jest.setTimeout(30_000);

const escenario = new EscenarioCesion({ unknownRuts: [OTRA], aecMaxBytes: 200_000 });
let emitido: Emitido;

beforeAll(async () => {
  emitido = await escenario.emitir(1);
});

describe('RTCAnotEnvio (docs/research/cesion.md §2)', () => {
  it('answers STATUS 0 with a 10-digit TRACKID in the RECEPCIONAEC of ENV §3, and records the envío', async () => {
    const file = escenario.aec1(emitido);
    const res = await escenario.anotar(file, { filename: 'AECautomOK.xml' });
    expect(res.xml).toMatch(
      new RegExp(
        `^<RECEPCIONAEC><RUTSENDER>12345678-5</RUTSENDER><RUTCOMPANY>${EMISOR}</RUTCOMPANY><FILE>AECautomOK.xml</FILE>` +
          '<TIMESTAMP>\\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d:\\d\\d</TIMESTAMP><STATUS>0</STATUS><TRACKID>\\d{10}</TRACKID></RECEPCIONAEC>$',
      ),
    );
    expect(parseRecepcionAec(res.xml)).toMatchObject({ status: 0, trackid: res.trackId });
    const envio = escenario.authority.aecEnvios.get(res.trackId as string);
    expect(envio).toMatchObject({
      rutSender: '12345678-5',
      rutCompany: EMISOR,
      emailNotif: 'cesiones@ejemplo.cl',
      fileName: 'AECautomOK.xml',
    });
    expect(envio?.archivo.equals(file)).toBe(true);
  });

  it('answers STATUS 5 with RUTSENDER "-" and no TRACKID for a missing, unknown or expired token', async () => {
    const file = escenario.aec1(emitido);
    for (const cookie of ['', 'TOKEN=NOPE']) {
      const res = await escenario.anotar(file, { cookie });
      expect(res.status).toBe(5);
      expect(res.xml).toContain('<RUTSENDER>-</RUTSENDER>');
      expect(res.trackId).toBeUndefined();
    }
    const token = escenario.token(escenario.emisor);
    escenario.avanzar(1801 * 1000);
    expect((await escenario.anotar(file, { cookie: `TOKEN=${token}` })).status).toBe(5);
  });

  it('answers STATUS 4 when a field is missing or out of order, or rutCompany/dvCompany is not a valid RUT', async () => {
    const file = escenario.aec1(emitido);
    expect((await escenario.anotar(file, { fields: ['rutCompany', 'dvCompany', 'archivo'] })).status).toBe(4);
    expect((await escenario.anotar(file, { fields: ['rutCompany', 'dvCompany', 'emailNotif', 'archivo'] })).status).toBe(4);
    expect((await escenario.anotar(file, { fields: ['emailNotif', 'rutCompany', 'dvCompany'] })).status).toBe(4);
    expect((await escenario.anotar(file, { rutCompany: '76555835-9' })).status).toBe(4);
  });

  it('answers STATUS 6 for a company that is not DTE (the unknownRuts of DTEUpload STATUS 6)', async () => {
    const res = await escenario.anotar(escenario.aec1(emitido), { rutCompany: OTRA });
    expect(res.status).toBe(6);
    expect(res.xml).toContain(`<RUTCOMPANY>${OTRA}</RUTCOMPANY>`);
  });

  it('answers STATUS 1 when the token user is not one the company authorized (DTEUpload puedeEnviar)', async () => {
    escenario.authority.autorizarUsuarios(FACTOR_A, ['13131313-6']);
    const res = await escenario.anotar(escenario.aec1(emitido), { rutCompany: FACTOR_A });
    expect(res.status).toBe(1);
    const ok = await escenario.anotar(escenario.aec1(emitido), {
      rutCompany: FACTOR_A,
      cookie: `TOKEN=${escenario.token(escenario.factorA)}`,
    });
    expect(ok.status).toBe(0);
  });

  it('answers STATUS 2 for an empty file or one above aecMaxBytes', async () => {
    expect((await escenario.anotar(Buffer.alloc(0))).status).toBe(2);
    expect((await escenario.anotar(Buffer.alloc(200_001, 0x20))).status).toBe(2);
    expect((await escenario.anotar(Buffer.from('<AEC/>'))).status).toBe(0);
  });
});
