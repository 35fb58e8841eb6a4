// The ten iPhone screens that get a launch image (docs/product.md §2: splash images for ten iPhone
// screen sizes under /m/splash): CSS size and pixel ratio, portrait. The build links each from
// index.html with the media query iOS matches against the device.
export const SPLASH_SCREENS = [
  { name: 'iPhone 15 Pro Max, 14 Pro Max', width: 430, height: 932, ratio: 3 },
  { name: 'iPhone 15, 15 Pro, 14 Pro', width: 393, height: 852, ratio: 3 },
  { name: 'iPhone 14 Plus, 13 Pro Max, 12 Pro Max', width: 428, height: 926, ratio: 3 },
  { name: 'iPhone 14, 13, 13 Pro, 12, 12 Pro', width: 390, height: 844, ratio: 3 },
  { name: 'iPhone 13 mini, 12 mini, 11 Pro, XS, X', width: 375, height: 812, ratio: 3 },
  { name: 'iPhone 11 Pro Max, XS Max', width: 414, height: 896, ratio: 3 },
  { name: 'iPhone 11, XR', width: 414, height: 896, ratio: 2 },
  { name: 'iPhone 8 Plus, 7 Plus, 6s Plus', width: 414, height: 736, ratio: 3 },
  { name: 'iPhone SE (2nd, 3rd), 8, 7, 6s', width: 375, height: 667, ratio: 2 },
  { name: 'iPhone SE (1st), 5s', width: 320, height: 568, ratio: 2 },
].map((s) => ({ ...s, file: `splash-${s.width * s.ratio}x${s.height * s.ratio}.png` }));

/** The <link> of each screen, for index.html. */
export const splashLinks = () =>
  SPLASH_SCREENS.map(
    (s) =>
      `<link rel="apple-touch-startup-image" href="/m/splash/${s.file}" media="(device-width: ${s.width}px) and (device-height: ${s.height}px) and (-webkit-device-pixel-ratio: ${s.ratio}) and (orientation: portrait)" />`,
  ).join('\n    ');
