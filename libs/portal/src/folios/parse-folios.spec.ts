import { FoliosParseError, parseConsultaFolios } from './parse-folios';

const td = (t: string) => `<td><span class="textof">${t}</span></td>`;
const page = (rows: string[][]) =>
  `<html><body><table id="tbl_folios"><tbody><tr>${td('Folio')}${td('Estado')}</tr>${rows
    .map((r) => `<tr>${r.map(td).join('')}</tr>`)
    .join('')}</tbody></table></body></html>`;

describe('parseConsultaFolios', () => {
  it('reads each folio and its estado, header skipped', () => {
    expect(
      parseConsultaFolios(
        page([
          ['41', 'RECIBIDO'],
          ['42', ' Anulado '],
          ['43', 'DISPONIBLE'],
        ]),
      ),
    ).toEqual([
      { folio: 41, estado: 'recibido' },
      { folio: 42, estado: 'anulado' },
      { folio: 43, estado: 'disponible' },
    ]);
    expect(parseConsultaFolios(page([]))).toEqual([]);
  });

  it('refuses another page, a row without a folio and an unknown estado', () => {
    expect(() => parseConsultaFolios('<html><body><p class="textof">NO ESTA AUTENTICADO</p></body></html>')).toThrow(
      /no #tbl_folios \(NO ESTA AUTENTICADO\)/,
    );
    expect(() => parseConsultaFolios(page([['x', 'RECIBIDO']]))).toThrow(FoliosParseError);
    expect(() => parseConsultaFolios(page([['7', 'PERDIDO']]))).toThrow(/unknown estado "PERDIDO"/);
  });
});
