import { stateAt } from './estup';
import type { UploadRecord } from './types';

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
