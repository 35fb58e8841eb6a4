// Draws the iOS launch images ("apple-touch-startup-image", docs/install.md, "Splash images"): the
// app icon's lottery ball centred on white, one per iPhone screen of SPLASH_SCREENS, as PNGs with
// node:zlib only. Run once after changing the brand; the PNGs are committed under host/splash/ and
// the build links them from index.html with the media query of their screen.
// `node scripts/make-splash.mjs`
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { SPLASH_SCREENS } from './splash-screens.mjs';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

/** White screen with the icon (red rounded square, white ball, red ring, gold centre), RGB. */
function splash(width, height) {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height, 255);
  const size = Math.round(width * 0.3);
  const left = Math.round((width - size) / 2);
  const top = Math.round((height - size) / 2);
  const radius = size * 0.22;
  for (let y = 0; y < height; y++) raw[y * row] = 0;
  for (let y = top; y < top + size; y++) {
    for (let x = left; x < left + size; x++) {
      const u = x - left + 0.5;
      const v = y - top + 0.5;
      // Rounded square: outside the corner circles is white.
      const cx = Math.min(Math.max(u, radius), size - radius);
      const cy = Math.min(Math.max(v, radius), size - radius);
      if (Math.hypot(u - cx, v - cy) > radius) continue;
      const d = Math.hypot(u - size / 2, v - size / 2) / size;
      let rgb = [214, 47, 58];
      if (d < 0.36) rgb = [255, 255, 255];
      if (d < 0.24) rgb = [214, 47, 58];
      if (d < 0.16) rgb = [255, 214, 90];
      const o = y * row + 1 + x * 3;
      raw[o] = rgb[0];
      raw[o + 1] = rgb[1];
      raw[o + 2] = rgb[2];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync('host/splash', { recursive: true });
for (const s of SPLASH_SCREENS) writeFileSync(`host/splash/${s.file}`, splash(s.width * s.ratio, s.height * s.ratio));
