import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildErrorOf, emitSignedDte, generateCaf, generateSigner, sampleDocumento, signXml } from '../../test/fixtures';
import { validateXsd } from '../xsd';
import { parseAec } from '../parsers/aec';
import { buildAec, buildCesion, buildDteCedido, type CesionInput } from './aec';

const TMST = '2025-03-20T10:00:00';
const signer = generateSigner();

/** A signed part without its XML declaration, as the next one embeds it. */
const firmado = (xml: string, id: string) => signXml(xml, id, signer).replace(/^<\?xml[^>]*\?>\s*/, '');

function cesion(over: Partial<CesionInput> = {}): CesionInput {
  return {
    seq: 1,
    id_dte: {
      tipo_dte: 33,
      rut_emisor: '76086428-5',
      rut_receptor: '77777777-7',
      folio: 7,
      fecha_emision: '2025-03-10',
      monto_total: 48_690,
    },
    cedente: {
      rut: '76086428-5',
      razon_social: 'COMERCIAL ÑANDÚ LIMITADA',
      direccion: 'Av. Providencia 1234, Providencia',
      email: 'cobranza@nandu.cl',
      autorizados: [{ rut: '11111111-1', nombre: 'Juana Pérez' }],
    },
    cesionario: {
      rut: '96500000-1',
      razon_social: 'Factoring del Sur S.A.',
      direccion: 'Huérfanos 800, Santiago',
      email: 'ops@factoring.cl',
    },
    monto: 48_690,
    ultimo_vencimiento: '2025-04-09',
    tmst_cesion: TMST,
    ...over,
  };
}

describe('the AEC (docs/research/cesion.md §1)', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'aec-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('nests the signed DTE, DTECedido and Cesion byte for byte; AEC_v10.xsd validates it and xmlsec1 verifies all four signatures in place', async () => {
    const dte = (await emitSignedDte(sampleDocumento(), generateCaf(), signer)).replace(/^<\?xml[^>]*\?>\s*/, '');
    const cedido = firmado(buildDteCedido(dte, TMST, 'DTECedido_F1T33'), 'DTECedido_F1T33');
    const ces = firmado(buildCesion(cesion(), 'Cesion_F1T33_1'), 'Cesion_F1T33_1');
    const caratula = {
      rut_cedente: '76086428-5',
      rut_cesionario: '96500000-1',
      contacto: { email: 'cobranza@nandu.cl' },
      tmst_firma_envio: TMST,
    };
    const aec = signXml(buildAec(caratula, cedido, [ces], 'AEC_F1T33'), 'AEC_F1T33', signer);
    expect(aec).toContain(dte);
    expect(aec).toContain(cedido);
    expect(aec).toContain(ces);
    expect(aec).toContain('<SeqCesion>1</SeqCesion><IdDTE><TipoDTE>33</TipoDTE><RUTEmisor>76086428-5</RUTEmisor>');
    const xsd = await validateXsd(Buffer.from(aec, 'latin1'), 'AEC');
    expect(xsd.errors).toEqual([]);
    const file = join(dir, 'aec.xml');
    writeFileSync(file, `<?xml version="1.0" encoding="ISO-8859-1"?>\n${aec}`, 'latin1');
    const signatures = ['AEC', 'DTECedido', 'Cesion', 'DTE'].map((padre) => {
      const ids = ['Documento', 'DocumentoDTECedido', 'DocumentoCesion', 'DocumentoAEC'].flatMap((e) => ['--id-attr:ID', e]);
      const xpath = `//*[local-name()='${padre}']/*[local-name()='Signature']`;
      return execFileSync('xmlsec1', ['--verify', ...ids, '--enabled-key-data', 'x509', '--insecure', '--node-xpath', xpath, file], {
        stdio: 'pipe',
      }).length;
    });
    expect(signatures).toHaveLength(4);
    const leido = parseAec(Buffer.from(aec, 'latin1'));
    expect(leido).toMatchObject({ rut_cedente: '76086428-5', rut_cesionario: '96500000-1', tmst_firma_envio: TMST });
    expect(leido.dte).toMatchObject({ tipo_dte: 33, folio: 7, xml: dte });
    expect(leido.cesiones).toEqual([
      {
        seq: 1,
        id_dte: cesion().id_dte,
        cedente: { rut: '76086428-5', razon_social: 'COMERCIAL ÑANDÚ LIMITADA', email: 'cobranza@nandu.cl', declaracion_jurada: false },
        cesionario: { rut: '96500000-1', razon_social: 'Factoring del Sur S.A.', email: 'ops@factoring.cl' },
        monto: 48_690,
        ultimo_vencimiento: '2025-04-09',
        tmst_cesion: TMST,
      },
    ]);
  });

  it('refuses what the registry refuses: an amount above the total, a due date before the document, a type not assignable', () => {
    expect(buildErrorOf(() => buildCesion(cesion({ monto: 48_691 }), 'C1'))).toMatch(/MontoCesion 48691/);
    expect(buildErrorOf(() => buildCesion(cesion({ ultimo_vencimiento: '2025-03-09' }), 'C1'))).toMatch(/UltimoVencimiento/);
    expect(buildErrorOf(() => buildCesion(cesion({ id_dte: { ...cesion().id_dte, tipo_dte: 61 } }), 'C1'))).toMatch(/cannot be assigned/);
    expect(buildErrorOf(() => buildCesion(cesion({ seq: 41 }), 'C1'))).toMatch(/SeqCesion/);
    const cedenteCorto = { ...cesion().cedente, direccion: '  Av  ' };
    expect(buildErrorOf(() => buildCesion(cesion({ cedente: cedenteCorto }), 'C1'))).toMatch(/Cedente.Direccion must have at least 5/);
    const sinFirmantes = cesion();
    sinFirmantes.cedente.autorizados = [];
    expect(buildErrorOf(() => buildCesion(sinFirmantes, 'C1'))).toMatch(/1 to 3 RUTAutorizado/);
    expect(buildErrorOf(() => buildDteCedido('<DTE version="1.0"></DTE>', TMST, 'X'))).toMatch(/signed <DTE>/);
  });
});
