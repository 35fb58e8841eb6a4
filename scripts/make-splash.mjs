// Draws the iOS launch images ("apple-touch-startup-image", docs/install.md, "Splash images"): the
// app icon's lottery ball centred on white, one per iPhone screen of SPLASH_SCREENS, as PNGs with
// node:zlib only. Run once after changing the brand; the PNGs are committed under host/splash/ and
// the build links them from index.html with the media query of their screen.
// `node scripts/make-splash.mjs`
import { encodePng } from './png.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { SPLASH_SCREENS } from './splash-screens.mjs';

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
  return encodePng(width, height, raw, false);
}

mkdirSync('host/splash', { recursive: true });
for (const s of SPLASH_SCREENS) writeFileSync(`host/splash/${s.file}`, splash(s.width * s.ratio, s.height * s.ratio));
