// Draws the app icons (a lottery ball on the brand red) as PNGs with node:zlib only, and the site's
// favicon.ico from the same drawing. Run once; the files are committed under host/icons/.
// `node scripts/make-icons.mjs`
import { encodePng } from './png.mjs';
import { writeFileSync, mkdirSync } from 'node:fs';

const MASKABLE_SIZES = [192, 512];
const MASKABLE_SCALE = 0.75;

/**
 * The colour at (x, y) of a `size` icon: red background, white ball, red ring, white centre.
 * `scale` shrinks the ball: the maskable icon keeps it well inside the central 80% circle that every
 * launcher mask shows (docs/install.md, "Web app manifest").
 */
function colour(x, y, size, scale = 1) {
  const d = Math.hypot(x - size / 2, y - size / 2) / size / scale;
  if (d < 0.16) return [255, 214, 90];
  if (d < 0.24) return [214, 47, 58];
  if (d < 0.36) return [255, 255, 255];
  return [214, 47, 58];
}

/**
 * The icon as a PNG. `samples` per side per pixel: 1 for the app icons (big enough as they are),
 * more for the favicon's small sizes, whose rings would otherwise be stairs.
 */
function icon(size, samples = 1, scale = 1) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const rgb = colour(x + (sx + 0.5) / samples, y + (sy + 0.5) / samples, size, scale);
          for (let i = 0; i < 3; i++) sum[i] += rgb[i];
        }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      for (let i = 0; i < 3; i++) raw[o + i] = Math.round(sum[i] / (samples * samples));
      raw[o + 3] = 255;
    }
  }
  return encodePng(size, size, raw, true);
}

/** An .ico file holding one PNG image per size (PNG inside .ico: every current browser reads it). */
function ico(sizes) {
  const images = sizes.map((size) => ({ size, png: icon(size, 4) }));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    header[e] = size % 256; // 0 means 256
    header[e + 1] = size % 256;
    header[e + 2] = 0; // no palette
    header[e + 3] = 0;
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

mkdirSync('host/icons', { recursive: true });
for (const size of [192, 256, 384, 512]) writeFileSync(`host/icons/icon-${size}.png`, icon(size));
// Maskable (purpose "maskable"): the ball at 3/4 size, its edge at 27% of the side from the centre,
// inside the 40% safe-zone radius with room for the smallest masks; the red fills the bleed.
for (const size of MASKABLE_SIZES) writeFileSync(`host/icons/icon-maskable-${size}.png`, icon(size, 1, MASKABLE_SCALE));
writeFileSync('host/icons/favicon.ico', ico([16, 32, 48]));
