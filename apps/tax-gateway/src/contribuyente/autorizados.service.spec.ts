import { loadTaxSettings } from '../settings/tax-settings';
import type { SesionCertificado } from '../portal/sesion-certificado';
import type { SiiClient } from '../sii/sii-client';
import type { AutorizadosStore } from './autorizados.store';
import { AutorizadosService } from './autorizados.service';

const CSV = Buffer.from(
  'RUT;RAZON SOCIAL;NUMERO RESOLUCION;FECHA RESOLUCION;MAIL INTERCAMBIO;URL\n76543210-3;EJEMPLO S.A.;80;22-08-2014 ;;\n',
);

function setup(descargadoHaceHoras: number | null) {
  let done: () => void = () => undefined;
  const replaced = new Promise<void>((resolve) => (done = resolve));
  const store = {
    findDescarga: jest.fn(async () =>
      descargadoHaceHoras === null ? null : { descargadoEn: new Date(Date.now() - descargadoHaceHoras * 3_600_000), filas: 1 },
    ),
    replace: jest.fn(async (_a: string, rows: AsyncIterable<unknown>) => {
      let n = 0;
      for await (const _ of rows) n++;
      done();
      return n;
    }),
  };
  const sii = { downloadContribuyentesAutorizados: jest.fn(async () => CSV) };
  const certificado = { withCookies: (fn: (c: never[]) => Promise<Buffer>) => fn([]) };
  const service = new AutorizadosService(
    store as unknown as AutorizadosStore,
    sii as unknown as SiiClient,
    certificado as unknown as SesionCertificado,
    loadTaxSettings({ SIGNER_KEY: 'k' }),
  );
  return { service, store, sii, replaced };
}

describe('AutorizadosService (the SII list of DTE-authorized taxpayers)', () => {
  it('downloads at boot when no list is stored, or the stored one is a day old', async () => {
    for (const edad of [null, 25]) {
      const { service, sii, replaced } = setup(edad);
      service.onApplicationBootstrap();
      await replaced;
      expect(sii.downloadContribuyentesAutorizados).toHaveBeenCalledTimes(1);
      await service.beforeApplicationShutdown();
    }
  });

  it('does not download at boot a list another process or an earlier boot stored an hour ago', async () => {
    const { service, store, sii } = setup(1);
    service.onApplicationBootstrap();
    await service.beforeApplicationShutdown();
    expect(store.findDescarga).toHaveBeenCalledTimes(1);
    expect(sii.downloadContribuyentesAutorizados).not.toHaveBeenCalled();
  });

  it('downloads on request whatever the age of the stored list', async () => {
    const { service, sii } = setup(1);
    expect(await service.refresh()).toMatchObject({ ambiente: 'cert', filas: 1, omitidas: 0 });
    expect(sii.downloadContribuyentesAutorizados).toHaveBeenCalledTimes(1);
  });
});
