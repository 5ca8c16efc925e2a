import { signCms } from './cms';
import { loadOrCreateIdentity } from './keystore';
import { opensslCmsVerify, tempDir } from '../test/fixtures';

describe('signCms', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('makes an attached SignedData that openssl cms -verify accepts and returns the content', () => {
    const id = loadOrCreateIdentity(tmp.dir, '11111111-1');
    const data = Buffer.from('{"op":"dte.emitir","folio":1,"nota":"ñandú"}\n', 'utf8');
    const der = signCms(data, id);
    expect(der[0]).toBe(0x30);
    expect(opensslCmsVerify(der, id.certificatePem).equals(data)).toBe(true);
  });

  it('openssl rejects it when one byte of the content changes', () => {
    const id = loadOrCreateIdentity(tmp.dir, '11111111-1');
    const data = Buffer.from('receipt-0001 amount=119000');
    const der = signCms(data, id);
    const at = der.indexOf(data);
    der[at + data.length - 1] ^= 1;
    expect(() => opensslCmsVerify(der, id.certificatePem)).toThrow();
  });
});
