// Draws the app icons (a lottery ball on the brand red) as PNGs with node:zlib only.
// Run once; the PNGs are committed under host/icons/. `node scripts/make-icons.mjs`
import { encodePng } from './png.mjs';
import { writeFileSync, mkdirSync } from 'node:fs';

function icon(size) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c) / size;
      // red background, white ball, red ring, white centre
      let rgb = [214, 47, 58];
      if (d < 0.36) rgb = [255, 255, 255];
      if (d < 0.24) rgb = [214, 47, 58];
      if (d < 0.16) rgb = [255, 214, 90];
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = rgb[0];
      raw[o + 1] = rgb[1];
      raw[o + 2] = rgb[2];
      raw[o + 3] = 255;
    }
  }
  return encodePng(size, size, raw, true);
}

mkdirSync('host/icons', { recursive: true });
for (const size of [192, 256, 384, 512]) writeFileSync(`host/icons/icon-${size}.png`, icon(size));
