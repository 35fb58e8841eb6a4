/**
 * Adopts CSS into a document or shadow root as a constructable stylesheet, which a strict CSP
 * (style-src 'self') allows, unlike an inline <style>. One sheet object per CSS text, shared by
 * every element instance.
 */
const sheets = new Map<string, CSSStyleSheet>();

export function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

export function adoptStyles(root: Document | ShadowRoot, ...css: string[]) {
  const add = css.map(sheetFor).filter((s) => !root.adoptedStyleSheets.includes(s));
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...add];
}
