import sharp from 'sharp';
import { DteImageError } from '../errors';

/** docs/tax-gateway.md "Emisores": printed in 80 x 60 pt, so 600 x 450 px (about 540 dpi) is plenty; no decompression bombs. */
export const LOGO_LIMITS = {
  maxBytes: 256 * 1024,
  maxSide: 4096,
  printed: { width: 600, height: 450 },
  timeoutSeconds: 5,
} as const;

const FORMATS = new Set(['png', 'jpeg']);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SOI = Buffer.from([0xff, 0xd8, 0xff]);

/** The logo as an 8-bit non-interlaced PNG without alpha or palette, fit in `printed`: pdfkit copies such a PNG as is, and decodes
 * others in a zlib callback, where a throw ends the process. @throws DteImageError: not PNG/JPEG, over the limits, unreadable. */
export async function normalizeLogo(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > LOGO_LIMITS.maxBytes) throw new DteImageError(`the logo has ${bytes.length} bytes; at most ${LOGO_LIMITS.maxBytes}`);
  // Only PNG and JPEG reach libvips: it reads many more formats (SVG, PDF, TIFF...) than a logo needs.
  if (!startsWith(bytes, PNG_SIGNATURE) && !startsWith(bytes, JPEG_SOI)) throw new DteImageError('the logo is not a PNG or JPEG image');
  const { maxSide, printed, timeoutSeconds } = LOGO_LIMITS;
  const image = () => sharp(bytes, { limitInputPixels: maxSide * maxSide, failOn: 'truncated', sequentialRead: true });
  const meta = await image()
    .metadata()
    .catch((err: Error) => {
      throw new DteImageError(`the logo is not a readable PNG or JPEG image (${reason(err)})`);
    });
  if (!meta.format || !FORMATS.has(meta.format))
    throw new DteImageError(`the logo is ${meta.format ?? 'of an unknown format'}, not PNG or JPEG`);
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1 || width > maxSide || height > maxSide) {
    throw new DteImageError(`the logo is ${width} x ${height} pixels; each side at most ${maxSide}`);
  }
  return image()
    .timeout({ seconds: timeoutSeconds })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ ...printed, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .png({ palette: false, progressive: false, compressionLevel: 9 })
    .toBuffer()
    .catch((err: Error) => {
      throw new DteImageError(`the ${meta.format} logo cannot be decoded (${reason(err)})`);
    });
}

const startsWith = (bytes: Buffer, magic: Buffer) => bytes.subarray(0, magic.length).equals(magic);

/** One line, each clause once (libjpeg repeats its warning per pass). */
function reason(err: Error): string {
  const clauses = err.message.split(/\n|(?=VipsJpeg:)/).map((c) => c.trim().replace(/:$/, ''));
  return [...new Set(clauses.filter(Boolean))].join('; ').slice(0, 200);
}
