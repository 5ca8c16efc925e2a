import { createPrivateKey, sign } from 'node:crypto';
import { encodeLatin1, parseCaf } from '@lib/dte';
import { SiiFakeAuthority } from '@lib/sii-fake';
import { taxpayerRecord } from '../../test/support/taxpayer-record';
import { CafEntity } from '../caf/entities/caf.entity';
import { EmisorEntity } from '../emisores/entities/emisor.entity';
import { EnvioPipeline } from '../envio/envio-pipeline';
import type { SiiClient } from '../sii/sii-client';
import type { BoletaClient } from '../sii/boleta.client';
import type { SignerClient } from '../signer/signer-client';
import type { TokenService } from '../auth/token.service';
import { emisorFrom } from './emision-rules';
import { EnvioBuilder } from './envio-builder';

const TENANT = '76086428-5';

async function cafEntity(): Promise<{ entity: CafEntity; rsask: string }> {
  const authority = new SiiFakeAuthority();
  const res = await authority.handle({
    method: 'POST',
    url: 'https://maullin.sii.cl/sim/caf',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ rut: TENANT, tipo_dte: 33, desde: 1, hasta: 10 })),
  });
  const caf = parseCaf(res.body);
  const entity = Object.assign(new CafEntity(), {
    id: 'c1',
    cafXml: encodeLatin1(caf.cafXml),
    rsapkM: caf.rsapk.m,
    rsapkE: caf.rsapk.e,
    signerCafId: 'signer-c1',
  });
  return { entity, rsask: caf.rsask as string };
}

const doc = {
  tipo_dte: 33 as const,
  folio: 1,
  fecha_emision: '2026-01-15',
  emisor: emisorFrom(
    taxpayerRecord(TENANT, 'Servicios Andes Maipo SpA'),
    Object.assign(new EmisorEntity(), { actecos: [], codigoSucursal: null, correoIntercambio: null }),
  ),
  receptor: { rut: '77777777-7', razon_social: 'Receptor SpA', giro: 'Giro', direccion: 'Calle 1', comuna: 'Santiago' },
  detalle: [{ nombre: 'Item', cantidad: 1, precio_unitario: 1000 }],
};

/** The builder on the real pipeline's sign-then-validate step, with `signer` as the signing service (no SII is reached). */
function builderWith(signer: object): EnvioBuilder {
  const pipeline = new EnvioPipeline(signer as SignerClient, {} as SiiClient, {} as BoletaClient, {} as TokenService);
  return new EnvioBuilder(signer as SignerClient, pipeline);
}

describe('EnvioBuilder', () => {
  const resolucion = { fchResol: '2014-08-22', nroResol: 0 };

  it('refuses to return an EnvioDTE that fails the XSD: 500 xsd_invalid (here: the signer added no Signature)', async () => {
    const { entity, rsask } = await cafEntity();
    const signer = {
      signTed: jest.fn(async (_id: string, dd: Buffer) => sign('RSA-SHA1', dd, createPrivateKey(rsask)).toString('base64')),
      signXml: jest.fn(async (xml: Buffer, _uri: string) => xml),
    };
    const builder = builderWith(signer);
    await expect(builder.build(doc, entity, '11111111-1', resolucion)).rejects.toMatchObject({ status: 500, error: 'xsd_invalid' });
    expect(signer.signTed).toHaveBeenCalledWith('signer-c1', expect.any(Buffer));
    expect(signer.signXml.mock.calls.map((c) => c[1])).toEqual(['#F1T33', '#SetDoc']);
    // The Documento goes to the signer as ISO-8859-1 with the SiiDte namespace in scope.
    const dte = (signer.signXml.mock.calls[0][0] as Buffer).toString('latin1');
    expect(dte.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>\n<DTE version="1.0" xmlns="http://www.sii.cl/SiiDte">')).toBe(true);
  });

  it('refuses a TED signature that does not verify with the CAF key: 502 signer_error, nothing else signed', async () => {
    const { entity } = await cafEntity();
    const signer = { signTed: jest.fn(async () => Buffer.alloc(64, 1).toString('base64')), signXml: jest.fn() };
    const builder = builderWith(signer);
    await expect(builder.build(doc, entity, '11111111-1', resolucion)).rejects.toMatchObject({ status: 502, error: 'signer_error' });
    expect(signer.signXml).not.toHaveBeenCalled();
  });
});
