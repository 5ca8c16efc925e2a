import { getEstUp, stateAt } from './estup';
import { SiiFakeAuthority } from './authority';
import type { UploadRecord } from './types';
import { documentoSubido } from './spec-support/documento-subido';

const upload = (finalState: 'EPR' | 'RCT'): UploadRecord => ({
  trackId: '0260003916',
  rutSender: '12345678-5',
  rutCompany: '76555835-2',
  fileName: 'envio.xml',
  sha256: '',
  receivedAt: new Date(0),
  documents: [],
  finalState,
});

describe('stateAt', () => {
  it('walks the steps with one delay per step', () => {
    const at = (ms: number) => stateAt(upload('EPR'), new Date(ms), [10, 20, 30, 40, 50]);
    expect([0, 9, 10, 29, 30, 60, 100, 149, 150, 10_000].map(at)).toEqual([
      'REC',
      'REC',
      'SOK',
      'SOK',
      'CRT',
      'FOK',
      'PDR',
      'PDR',
      'EPR',
      'EPR',
    ]);
  });

  it('ends in RCT after REC and SOK for a rejected Caratula, and is final at once with delay 0', () => {
    expect(stateAt(upload('RCT'), new Date(15), 10)).toBe('SOK');
    expect(stateAt(upload('RCT'), new Date(20), 10)).toBe('RCT');
    expect(stateAt(upload('EPR'), new Date(0), 0)).toBe('EPR');
  });
});

describe('getEstUp counts at EPR', () => {
  it('counts RPR and RLV documents among the reparos and RCH among the rejected', () => {
    const authority = new SiiFakeAuthority({ estUpDelaysMs: 0 });
    const token = authority.issueToken('12345678-5').token;
    const doc = (folio: number, result: 'DOK' | 'RPR' | 'RLV' | 'RCH') => documentoSubido('76555835-2', folio, result);
    authority.recordUpload({
      ...upload('EPR'),
      receivedAt: new Date(),
      documents: [doc(1, 'DOK'), doc(2, 'RPR'), doc(3, 'RLV'), doc(4, 'RCH')],
    });
    const xml = getEstUp(authority, [
      { name: 'RutCompania', value: '76555835' },
      { name: 'DvCompania', value: '2' },
      { name: 'TrackId', value: '0260003916' },
      { name: 'Token', value: token },
    ]);
    expect(xml).toContain('<INFORMADOS>4</INFORMADOS><ACEPTADOS>3</ACEPTADOS><RECHAZADOS>1</RECHAZADOS><REPAROS>2</REPAROS>');
  });
});
