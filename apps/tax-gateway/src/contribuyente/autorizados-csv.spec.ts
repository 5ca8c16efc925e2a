import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContribuyenteAutorizado, ListaAutorizadosError, readAutorizados } from './autorizados-csv';

// Peers' rows (docs/research/sources/contribuyentes-autorizados: origin and licence in its README).
const SAMPLE = readFileSync(join(__dirname, '../../../../docs/research/sources/contribuyentes-autorizados/ce_empresas_dwnld.sample.csv'));

async function leer(bytes: Buffer, skipped = { count: 0 }): Promise<ContribuyenteAutorizado[]> {
  const out: ContribuyenteAutorizado[] = [];
  for await (const row of readAutorizados(bytes, skipped)) out.push(row);
  return out;
}

describe('readAutorizados (the SII list of DTE-authorized taxpayers)', () => {
  it('reads the peers’ sample: dates with a trailing space, an empty e-mail, a trailing separator', async () => {
    expect(await leer(SAMPLE)).toEqual([
      {
        rut: '76543210-3',
        razonSocial: 'EJEMPLO S.A.',
        numeroResolucion: 80,
        fechaResolucion: '2014-08-22',
        correoIntercambio: 'recepcion@dte.proveedor.cl',
        url: null,
      },
      {
        rut: '11111111-1',
        razonSocial: 'SIN CASILLA LTDA',
        numeroResolucion: 42,
        fechaResolucion: '2020-01-01',
        correoIntercambio: null,
        url: null,
      },
    ]);
  });

  it('reads ISO-8859-1 names and CRLF lines, and skips rows it cannot trust, counting them', async () => {
    const text =
      'RUT;RAZON SOCIAL;NUMERO RESOLUCION;FECHA RESOLUCION;MAIL INTERCAMBIO;URL\r\n' +
      '96790240-3;COMPAÑÍA ÑUÑOA LIMITADA;0;05-03-2003 ;dte@nunoa.cl;www.nunoa.cl\r\n' +
      '12345678-0;RUT CON DIGITO MALO;10;01-01-2020 ;;\r\n' +
      '77777777-7;SIN NUMERO;X;01-01-2020 ;;\r\n';
    const skipped = { count: 0 };
    const rows = await leer(Buffer.from(text, 'latin1'), skipped);
    expect(rows).toEqual([expect.objectContaining({ rut: '96790240-3', razonSocial: 'COMPAÑÍA ÑUÑOA LIMITADA', url: 'www.nunoa.cl' })]);
    expect(skipped.count).toBe(2);
  });

  it('refuses what is not the list (the portal’s HTML page, another CSV)', async () => {
    await expect(leer(Buffer.from('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN"><html></html>'))).rejects.toBeInstanceOf(
      ListaAutorizadosError,
    );
    await expect(leer(Buffer.from('RUT;NOMBRE\n1-9;X\n'))).rejects.toThrow(/not the list/);
  });
});
