import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { officialExample } from '../../test/fixtures';
import { DteImageError } from '../errors';
import { LOGO_LIMITS, normalizeLogo } from './logo';
import { renderDtePdf } from './render';

// The checks are read back by independent tools: pngjs decodes the normalized PNG, poppler's pdfimages
// lists what the PDF embeds. The whole hostile image corpus (libs/testing hostileImages) runs through the
// gateway's PUT and PDF routes; here, one of each kind of failure.
const OPTIONS = { resolucion: { fecha: '2003-09-02', numero: 0 }, oficinaSii: 'Santiago Centro' };
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG of only a signature and an IHDR claiming width x height (the reproducer that ended the gateway). */
function pngHeader(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 6], 8);
  const body = Buffer.concat([Buffer.from('IHDR'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([SIGNATURE, Buffer.from([0, 0, 0, 13]), body, crc]);
}

const halfRed = { r: 0xc0, g: 0, b: 0, alpha: 0.5 };
const created = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: halfRed } });
let images: { rgba: Buffer; interlaced: Buffer; jpeg: Buffer; wide: Buffer };

beforeAll(async () => {
  images = {
    rgba: await created(64, 48).png().toBuffer(),
    interlaced: await created(33, 17).png({ progressive: true }).toBuffer(),
    jpeg: await created(40, 30).flatten({ background: '#ffffff' }).jpeg().toBuffer(),
    wide: await created(1800, 600).png().toBuffer(),
  };
});

describe('normalizeLogo (the issuer logo, checked once and stored in the form the PDF embeds)', () => {
  it.each([
    ['a PNG claiming 2147483647 x 2147483647 pixels', () => pngHeader(2_147_483_647, 2_147_483_647)],
    ['a PNG claiming 60000 x 60000 pixels', () => pngHeader(60_000, 60_000)],
    ['a PNG signature followed by junk', () => Buffer.concat([SIGNATURE, Buffer.alloc(20_000, 0x5a)])],
    ['a JPEG cut inside its data', () => images.jpeg.subarray(0, images.jpeg.length - 40)],
    ['a GIF', () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['an empty file', () => Buffer.alloc(0)],
  ])('refuses %s with DteImageError, quickly', async (_label, bytes) => {
    const started = process.hrtime.bigint();
    await expect(normalizeLogo(bytes())).rejects.toBeInstanceOf(DteImageError);
    // A PNG signature followed by junk once took 7.7 s inside pdfkit; libvips refuses it from its header.
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(LOGO_LIMITS.timeoutSeconds);
  });

  it('refuses a file over 256 KB whatever it holds', async () => {
    const big = Buffer.concat([images.rgba, Buffer.alloc(LOGO_LIMITS.maxBytes)]);
    await expect(normalizeLogo(big)).rejects.toThrow(/at most 262144/);
  });

  it.each(['rgba', 'interlaced', 'jpeg'] as const)(
    'rewrites the %s image as an 8-bit RGB PNG, not interlaced, flattened on white',
    async (kind) => {
      const out = await normalizeLogo(images[kind]);
      // IHDR: bit depth 8, colour type 2 (RGB, no alpha), interlace 0; pdfkit copies such data without decoding it.
      expect([out[24], out[25], out[28]]).toEqual([8, 2, 0]);
      expect(out.includes(Buffer.from('tRNS'))).toBe(false);
      // Half-transparent red (0xc0, 0, 0, alpha 0.5) over white, read back by pngjs.
      const [r, g, b] = PNG.sync.read(out).data;
      expect([r, g, b].map((v) => Math.round(v / 16))).toEqual([14, 8, 8]);
      expect(await normalizeLogo(out)).toHaveLength(out.length);
    },
  );

  it('scales a large logo down to the printed box, keeping its proportions', async () => {
    const png = PNG.sync.read(await normalizeLogo(images.wide));
    expect([png.width, png.height]).toEqual([600, 200]);
  });

  describe('in the printed DTE', () => {
    let dir: string;
    beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'dte-logo-'))));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('embeds the normalized logo as one RGB image beside the timbre (pdfimages)', async () => {
      const logo = await normalizeLogo(images.interlaced);
      const file = join(dir, 'logo.pdf');
      writeFileSync(file, await renderDtePdf(officialExample(), { ...OPTIONS, logo }));
      const list = execFileSync('pdfimages', ['-list', file]).toString();
      expect(list).toMatch(/\n\s*1\s+\d+\s+image\s+33\s+17\s+rgb\s+3\s+8\s/);
      expect(list).not.toMatch(/smask\s+33\s+17/);
    });
  });
});
