/**
 * The maskable icon (scripts/make-icons.mjs, shipped by rollup.config.mjs, listed by the web app
 * manifest with `purpose: "maskable"`; docs/install.md): 512x512 (and 192), full-bleed background, and
 * all the artwork inside the central 80% circle (the safe zone every launcher mask keeps); and, when
 * dist/ holds a build, that the build ships it and lists it in the built manifest.
 *
 * Run: node --import tsx --test test/build/icons.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, test } from 'node:test';

/** The RGBA pixels of a PNG as make-icons.mjs writes it (8-bit RGBA, filter 0 on every row). */
function decode(file: string) {
  const png = readFileSync(file);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  assert.equal(png[25], 6, 'RGBA');
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixel = (x: number, y: number) => {
    const row = y * (width * 4 + 1);
    assert.equal(raw[row], 0, 'filter 0');
    const o = row + 1 + x * 4;
    return [raw[o]!, raw[o + 1]!, raw[o + 2]!];
  };
  return { width, height, pixel };
}

const RED = [214, 47, 58];

describe('the maskable icon', () => {
  for (const size of [512, 192]) {
    test(`${size}x${size}: the background to the edges, the artwork inside the central 80% circle`, () => {
      const icon = decode(`host/icons/icon-maskable-${size}.png`);
      assert.equal(icon.width, size);
      assert.equal(icon.height, size);
      let artwork = 0;
      let farthest = 0;
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          const p = icon.pixel(x, y);
          if (p.every((c, i) => c === RED[i])) continue;
          artwork++;
          farthest = Math.max(farthest, Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2));
        }
      for (const [x, y] of [
        [0, 0],
        [size - 1, 0],
        [0, size - 1],
        [size - 1, size - 1],
      ])
        assert.deepEqual(icon.pixel(x!, y!), RED, 'full bleed: the corners are background');
      assert.ok(artwork > size * size * 0.1, 'there is artwork');
      // The safe zone: a circle of 40% of the side around the centre (80% of the width across).
      assert.ok(farthest <= 0.4 * size, `artwork reaches ${(farthest / size).toFixed(3)} of the side from the centre`);
    });
  }

  test('the build ships the maskable icons and lists them in its manifest (when dist/ holds a build)', (t) => {
    if (!existsSync('dist/m/manifest.webmanifest')) return t.skip('no build');
    const manifest = JSON.parse(readFileSync('dist/m/manifest.webmanifest', 'utf8'));
    const maskable = manifest.icons.filter((i: { purpose: string }) => i.purpose === 'maskable');
    assert.deepEqual(
      maskable.map((i: { src: string; sizes: string }) => [i.src, i.sizes]),
      [
        ['/m/icons/icon-maskable-192.png', '192x192'],
        ['/m/icons/icon-maskable-512.png', '512x512'],
      ],
    );
    for (const size of [192, 512])
      assert.deepEqual(
        readFileSync(`dist/m/icons/icon-maskable-${size}.png`),
        readFileSync(`host/icons/icon-maskable-${size}.png`),
      );
    assert.equal(manifest.id, '/m/home');
    assert.equal(manifest.screenshots[0].form_factor, 'narrow');
    assert.ok(existsSync(`dist${manifest.screenshots[0].src}`), 'the screenshot is shipped');
  });
});
