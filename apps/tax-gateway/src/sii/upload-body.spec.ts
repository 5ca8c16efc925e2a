import { multipartBody } from './upload-body';

describe('multipartBody (DTEUpload)', () => {
  it('writes the fields in order, the file last and untouched, as one buffer', () => {
    const file = Buffer.from([0x3c, 0xf1, 0xe9, 0x3e]); // "<ñé>" in ISO-8859-1
    const { body, contentType } = multipartBody(
      [
        ['rutSender', '1'],
        ['dvSender', '9'],
        ['rutCompany', '76086428'],
        ['dvCompany', '5'],
      ],
      { field: 'archivo', filename: 'envio.xml', contentType: 'application/xml', data: file },
    );
    const boundary = /boundary=(.+)$/.exec(contentType)?.[1] as string;
    const text = body.toString('latin1');
    const names = [...text.matchAll(/; name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['rutSender', 'dvSender', 'rutCompany', 'dvCompany', 'archivo']);
    expect(body.includes(file)).toBe(true);
    expect(text.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
    expect(text).toContain('filename="envio.xml"\r\nContent-Type: application/xml\r\n\r\n');
  });
});
