import { crc32, deflateSync } from 'node:zlib';

/** ISO/IEC 15948 §5.3. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, colourType = 6, interlace = 0): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.writeUInt8(8, 8);
  data.writeUInt8(colourType, 9);
  data.writeUInt8(interlace, 12);
  return chunk('IHDR', data);
}

/** Every pixel half-transparent red. */
export function pngImage(width: number, height: number, interlace = 0): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, Buffer.from([0xc0, 0, 0, 0x80]))]);
  const raw = interlace ? adam7Rows(width, height) : Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height, 6, interlace), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** PNG spec §8.2. */
function adam7Rows(width: number, height: number): Buffer {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  const rows: Buffer[] = [];
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w <= 0 || h <= 0) continue;
    for (let y = 0; y < h; y++) rows.push(Buffer.from([0]), Buffer.alloc(w * 4, Buffer.from([0xc0, 0, 0, 0x80])));
  }
  return Buffer.concat(rows);
}

export const JPEG_40X30 = Buffer.from(
  '/9j/2wBDABQODxIPDRQSEBIXFRQYHjIhHhwcHj0sLiQySUBMS0dARkVQWnNiUFVtVkVGZIhlbXd7gYKBTmCNl4x9lnN+gXz/2wBDARUXFx4aHjshITt8U0ZTfHx8' +
    'fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHz/wAARCAAeACgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAU' +
    'EAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AhgI2lAAAAAAAAAAf/9k=',
  'base64',
);

/** SOI, SOF0 claiming width x height, no image data. */
function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
}

/** Must get a 4xx, never a crash or a 5xx when printed (issue 17: 2^31-1 pixels a side, truncated JPEG, PNG signature then junk). */
export function hostileImages(): Record<string, Buffer> {
  const png = pngImage(64, 48);
  return {
    'PNG claiming 2147483647 x 2147483647 pixels': Buffer.concat([
      PNG_SIGNATURE,
      ihdr(2_147_483_647, 2_147_483_647),
      chunk('IDAT', deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
    'PNG of 60000 x 60000 pixels of zeros (decompression bomb)': Buffer.concat([
      PNG_SIGNATURE,
      ihdr(60_000, 60_000, 2),
      chunk('IDAT', deflateSync(Buffer.alloc(200_000))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
    'PNG signature followed by junk': Buffer.concat([PNG_SIGNATURE, Buffer.alloc(20_000, 0x5a)]),
    'PNG cut after its header': png.subarray(0, 40),
    'PNG with a corrupt IDAT': Buffer.concat([
      PNG_SIGNATURE,
      ihdr(64, 48),
      chunk('IDAT', Buffer.alloc(300, 0xee)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
    'JPEG cut inside its scan data': JPEG_40X30.subarray(0, JPEG_40X30.length - 12),
    'JPEG header claiming 65000 x 65000 pixels': jpegHeader(65_000, 65_000),
    'JPEG header without image data': jpegHeader(64, 48),
    'JPEG start of image and junk': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x11)]),
    'GIF image': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    'SVG text': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    'empty file': Buffer.alloc(0),
  };
}

/** Must be accepted (each printed flattened). */
export function validImages(): Record<string, Buffer> {
  return { 'RGBA PNG 64 x 48': pngImage(64, 48), 'interlaced RGBA PNG 33 x 17': pngImage(33, 17, 1), 'JPEG 40 x 30': JPEG_40X30 };
}
