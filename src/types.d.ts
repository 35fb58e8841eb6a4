/** CSS files are imported as text and adopted into shadow roots (constructable stylesheets). */
declare module '*.css' {
  const css: string;
  export default css;
}
