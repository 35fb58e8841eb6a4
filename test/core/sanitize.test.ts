/**
 * sanitizeHtml (src/core/html/sanitize.ts; docs/engagement.md, "Server HTML"): server HTML on its way
 * into the DOM. An XSS corpus (OWASP's filter evasion cheat sheet, PortSwigger's XSS cheat sheet,
 * DOMPurify's own vectors and published bypasses, mutation XSS, DOM clobbering) goes through the
 * sanitiser into a live box of the document; none of it may run, and the output is checked for what
 * may never survive. Then what must survive, and the Trusted Types side.
 */
import { expect } from 'chai';
import { sanitizeHtml } from '../../src/core/html/sanitize.ts';
import { sleep } from '../browser-helpers/helpers.ts';

declare global {
  interface Window {
    /** Every payload's script calls this with its number in the corpus. */
    __xss?: (n: number) => void;
  }
}

// ---------------------------------------------------------------------------------------------
// The corpus. `XSS` in a payload stands for its call of the spy, `__xss(<n>)`; a function gets
// that call and builds the payload around it (entity-encoded, base64, ...).

type Payload = [name: string, html: string | ((run: string) => string)];

const codes = (s: string, f: (code: number) => string) => [...s].map((c) => f(c.codePointAt(0)!)).join('');
/** `&#106;&#97;...` */
const dec = (s: string) => codes(s, (c) => `&#${c};`);
/** `&#x6a;&#x61;...` */
const hex = (s: string) => codes(s, (c) => `&#x${c.toString(16)};`);
/** `&#x6a&#x61...` (no semicolons) */
const hexBare = (s: string) => codes(s, (c) => `&#x${c.toString(16)}`);
/** `&#0000106&#0000097...` (zero-padded, no semicolons) */
const decPadded = (s: string) => codes(s, (c) => `&#${String(c).padStart(7, '0')}`);
/** `%5f%5f...` */
const percent = (s: string) => codes(s, (c) => `%${c.toString(16).padStart(2, '0')}`);
/** JavaScript `\x5f\x5f...` (inside a JS string) */
const jsHex = (s: string) => codes(s, (c) => `\\x${c.toString(16).padStart(2, '0')}`);
/** JavaScript `\u005f\u005f...` (valid in an identifier) */
const jsUnicode = (s: string) => codes(s, (c) => `\\u${c.toString(16).padStart(4, '0')}`);
/** CSS `\6a \61 ...` */
const cssEscape = (s: string) => codes(s, (c) => `\\${c.toString(16)} `);
const svgDoc = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${body}</svg>`;

const CORPUS: Payload[] = [
  // <script> in its many spellings
  ['script', '<script>XSS</script>'],
  ['script, upper case', '<SCRIPT>XSS</SCRIPT>'],
  ['script with a data: src', '<script src="data:text/javascript,XSS"></script>'],
  ['script, slash for a space', '<script/x>XSS</script>'],
  ['script, doubled brackets', '<<script>XSS//<</script>'],
  ['script split by a script', '<scr<script>ipt>XSS</scr</script>ipt>'],
  ['script, never closed', '<script>XSS'],
  ['script in a table (foster parenting)', '<table><script>XSS</script></table>'],
  ['script after a malformed img', '<img """><script>XSS</script>">'],
  ['script with a null byte in its name', '<scr\u0000ipt>XSS</scr\u0000ipt>'],
  ['script type=module', '<script type=module>XSS</script>'],
  ['script, entity-encoded body', (x) => `<script>${hex(x)}</script>`],

  // Event handlers on every common tag
  ['img onerror', '<img src=x onerror=XSS>'],
  ['img onerror, upper case', '<IMG SRC=x ONERROR="XSS">'],
  ['img onerror, mixed-case name', '<img src=x oNeRrOr=XSS>'],
  ['img onerror, slashes for spaces', '<img/src=x/onerror=XSS>'],
  ['img onerror, empty src', '<img src onerror=XSS>'],
  ['img onerror, newline before the handler', '<img src=x\nonerror=XSS>'],
  ['img onerror, entity-encoded body', (x) => `<img src=x onerror="${hex(x)}">`],
  ['img onerror, JS unicode escapes', (x) => `<img src=x onerror="${x.replace('__xss', jsUnicode('__xss'))}">`],
  ['img onerror, eval of hex escapes', (x) => `<img src=x onerror="eval('${jsHex(x)}')">`],
  ['img onerror, backtick-quoted src', '<img src=`x`onerror=XSS>'],
  ['img onerror, never closed', '<img src=x onerror=XSS//'],
  ['img onerror, quote breakout', '<img src="x" alt="a"onerror=XSS>'],
  ['img onerror, comment in the tag', '<img<!-- --> src=x onerror=XSS>'],
  ['img onerror, null byte in the name', '<img src=x on\u0000error=XSS>'],
  ['img onerror, doubled brackets', '<<img src=x onerror=XSS>>'],
  ['img onerror in a table cell', '<table><tr><td><img src=x onerror=XSS></td></tr></table>'],
  ['img onerror fostered out of a table', '<table><img src=x onerror=XSS></table>'],
  ['image (the parser makes it an img)', '<image src=x onerror=XSS>'],
  ['img srcset onerror', '<img srcset=x onerror=XSS>'],
  ['picture source onerror', '<picture><source srcset=x onerror=XSS><img src=x onerror=XSS></picture>'],
  [
    'img onload on a data: image',
    '<img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" onload=XSS>',
  ],
  ['body onload', '<body onload=XSS>'],
  ['body onpageshow', '<body onpageshow=XSS>'],
  ['body onload, junk in the name', '<body onload!#$%&()*~+-_.,:;?@[/|\\]^`=XSS>'],
  ['frameset onload', '<frameset onload=XSS>'],
  ['svg onload', '<svg onload=XSS>'],
  ['svg/onload', '<svg/onload=XSS>'],
  ['SVG ONLOAD', '<SVG ONLOAD=XSS>'],
  ['svg animate onbegin', '<svg><animate onbegin=XSS attributeName=x dur=1s>'],
  ['svg set onbegin', '<svg><set onbegin=XSS attributeName=x to=1 dur=1s>'],
  ['svg discard onbegin', '<svg><discard onbegin=XSS>'],
  ['svg animateTransform onbegin', '<svg><animateTransform onbegin=XSS attributeName=transform type=scale dur=1s>'],
  ['input autofocus onfocus', '<input autofocus onfocus=XSS>'],
  ['select autofocus onfocus', '<select autofocus onfocus=XSS></select>'],
  ['textarea autofocus onfocus', '<textarea autofocus onfocus=XSS></textarea>'],
  ['button autofocus onfocus', '<button autofocus onfocus=XSS>x</button>'],
  ['div tabindex autofocus onfocus', '<div tabindex=0 autofocus onfocus=XSS>x</div>'],
  ['a autofocus onfocus', '<a href="#x" autofocus onfocus=XSS>x</a>'],
  ['keygen autofocus onfocus', '<keygen autofocus onfocus=XSS>'],
  ['unknown element autofocus onfocus', '<xss autofocus tabindex=1 onfocus=XSS></xss>'],
  ['details open ontoggle', '<details open ontoggle=XSS><summary>x</summary></details>'],
  ['details/open/ontoggle', '<details/open/ontoggle=XSS>'],
  ['onanimationstart', '<style>@keyframes xss{}</style><div style="animation-name:xss" onanimationstart=XSS></div>'],
  [
    'onanimationend',
    '<style>@keyframes xss2{from{opacity:0}to{opacity:1}}</style><p style="animation:xss2 1ms" onanimationend=XSS>x</p>',
  ],
  ['marquee onstart', '<marquee onstart=XSS>x</marquee>'],
  ['video onerror', '<video src=x onerror=XSS></video>'],
  ['video source onerror', '<video><source src=x onerror=XSS></video>'],
  ['audio onerror', '<audio src=x onerror=XSS></audio>'],
  ['iframe onload', '<iframe onload=XSS></iframe>'],
  ['object onerror', '<object data=x onerror=XSS></object>'],
  ['embed onload', '<embed src=x onload=XSS>'],
  ['style onload', '<style onload=XSS></style>'],
  ['link onload', '<link rel=stylesheet href="data:text/css,a{}" onload=XSS>'],
  ['input type=image onerror', '<input type=image src=x onerror=XSS>'],
  ['isindex onerror', '<isindex type=image src=1 onerror=XSS>'],
  ['div onmouseover', '<div onmouseover=XSS>x</div>'],
  ['div onpointerenter', '<div onpointerenter=XSS>x</div>'],
  ['p onclick', '<p onclick=XSS>x</p>'],
  ['a onclick on a web link', '<a href="https://example.test/" onclick=XSS>x</a>'],
  ['custom element handlers', '<x-foo onload=XSS onclick=XSS>x</x-foo>'],
  ['customised built-in (is=)', '<p is="x-foo" onclick=XSS>x</p>'],
  ['dialog open onclose', '<dialog open onclose=XSS>x</dialog>'],
  ['slot onclick', '<div><slot onclick=XSS></slot></div>'],
  ['a with a quote-broken handler', '<a """ onmouseover=XSS>x</a>'],

  // javascript:, vbscript: and data: URLs in every URL attribute
  ['a javascript:', '<a href="javascript:XSS">x</a>'],
  ['a javascript:, mixed case', '<a href="JaVaScRiPt:XSS">x</a>'],
  ['A HREF=JAVASCRIPT:', '<A HREF="JAVASCRIPT:XSS">x</A>'],
  ['a javascript:, leading spaces', '<a href="  javascript:XSS">x</a>'],
  ['a javascript:, tab inside', '<a href="java\tscript:XSS">x</a>'],
  ['a javascript:, newline inside', '<a href="java\nscript:XSS">x</a>'],
  ['a javascript:, &#x09; inside', '<a href="java&#x09;script:XSS">x</a>'],
  ['a javascript:, &#x0A; inside', '<a href="java&#x0A;script:XSS">x</a>'],
  ['a javascript:, &#13; inside', '<a href="java&#13;script:XSS">x</a>'],
  ['a javascript:, &Tab; and &colon;', '<a href="jav&Tab;ascript&colon;XSS">x</a>'],
  ['a javascript:, &NewLine;', '<a href="jav&NewLine;ascript&colon;XSS">x</a>'],
  ['a javascript:, leading &#1;', '<a href="&#1;javascript:XSS">x</a>'],
  ['a javascript:, leading &#14;', '<a href=" &#14;  javascript:XSS">x</a>'],
  ['a javascript:, null byte inside', '<a href="java\u0000script:XSS">x</a>'],
  ['a javascript:, decimal entities', (x) => `<a href="${dec(`javascript:${x}`)}">x</a>`],
  ['a javascript:, hex entities', (x) => `<a href="${hex(`javascript:${x}`)}">x</a>`],
  ['a javascript:, hex entities without semicolons', (x) => `<a href="${hexBare(`javascript:${x}`)}">x</a>`],
  ['a javascript:, padded decimal entities', (x) => `<a href="${decPadded(`javascript:${x}`)}">x</a>`],
  ['a javascript:, one letter encoded', '<a href="javas&#99;ript:XSS">x</a>'],
  ['a javascript:, unquoted', '<a href=javascript:XSS>x</a>'],
  ['a javascript:, backticks', '<a href=`javascript:XSS`>x</a>'],
  ['a javascript:, percent-encoded body', (x) => `<a href="javascript:${percent(x)}">x</a>`],
  ['a javascript:, comment then newline', '<a href="javascript://%0aXSS">x</a>'],
  ['a javascript:, fullwidth letters', '<a href="ｊａｖａｓｃｒｉｐｔ:XSS">x</a>'],
  ['a javascript:, line separator first', '<a href="\u2028javascript:XSS">x</a>'],
  ['a vbscript:', '<a href="vbscript:XSS">x</a>'],
  ['a VBScript:', '<a href="VBScript:XSS">x</a>'],
  ['a data:text/html', '<a href="data:text/html,<script>XSS</script>">x</a>'],
  ['a data:, base64', (x) => `<a href="data:text/html;base64,${btoa(`<script>${x}</script>`)}">x</a>`],
  ['a DaTa:, mixed case', '<a href="DaTa:text/html,<script>XSS</script>">x</a>'],
  ['a data:image/svg+xml', '<a href="data:image/svg+xml,<svg onload=XSS>">x</a>'],
  ['area javascript:', '<map name=m><area shape=rect coords=0,0,10,10 href="javascript:XSS"></map>'],
  ['img src javascript:', '<img src="javascript:XSS">'],
  ['img src javascript: with a tab', '<IMG SRC="jav\tascript:XSS;">'],
  ['img src vbscript:', '<img src="vbscript:XSS">'],
  ['img dynsrc and lowsrc', '<img dynsrc="javascript:XSS" lowsrc="javascript:XSS">'],
  ['img src data:text/html', '<img src="data:text/html,<script>XSS</script>">'],
  [
    'img src data: svg with a handler',
    (x) => `<img src="data:image/svg+xml;base64,${btoa(svgDoc(`<image href="x" onerror="${x}"/>`))}">`,
  ],
  ['input type=image javascript:', '<input type=image src="javascript:XSS">'],
  ['iframe javascript:', '<iframe src="javascript:parent.XSS"></iframe>'],
  ['iframe data:', '<iframe src="data:text/html,<script>parent.XSS</script>"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<img src=x onerror=parent.XSS>"></iframe>'],
  ['iframe srcdoc, entity-encoded', (x) => `<iframe srcdoc="&lt;script&gt;parent.${x}&lt;/script&gt;"></iframe>`],
  ['frame javascript:', '<frameset><frame src="javascript:parent.XSS"></frameset>'],
  ['object data javascript:', '<object data="javascript:parent.XSS"></object>'],
  ['object data: html', (x) => `<object data="data:text/html;base64,${btoa(`<script>parent.${x}</script>`)}"></object>`],
  ['object text/x-scriptlet', '<object type="text/x-scriptlet" data="javascript:XSS"></object>'],
  ['object param', '<object><param name=src value="javascript:XSS"></object>'],
  ['embed javascript:', '<embed src="javascript:parent.XSS">'],
  [
    'embed data: svg',
    (x) => `<embed type="image/svg+xml" src="data:image/svg+xml;base64,${btoa(svgDoc(`<script>parent.${x}</script>`))}">`,
  ],
  ['form action javascript:', '<form action="javascript:XSS"><input type=submit></form>'],
  ['button formaction', '<form><button formaction="javascript:XSS">x</button></form>'],
  ['input formaction', '<input type=submit formaction="javascript:XSS">'],
  ['isindex action', '<isindex action="javascript:XSS" type=submit>'],
  ['video poster', '<video poster="javascript:XSS"></video>'],
  ['table background', '<table background="javascript:XSS"><tr><td>x</td></tr></table>'],
  ['td background', '<table><tr><td background="javascript:XSS">x</td></tr></table>'],
  ['body background', '<body background="javascript:XSS">'],
  ['div background', '<div background="javascript:XSS">x</div>'],
  ['bgsound', '<bgsound src="javascript:XSS">'],
  ['br size &{}', '<br size="&{XSS}">'],
  ['blockquote cite', '<blockquote cite="javascript:XSS">x</blockquote>'],
  ['a ping', '<a href="https://example.test/" ping="javascript:XSS">x</a>'],
  ['data- attribute', '<div data-href="javascript:XSS">x</div>'],
  ['base href javascript:', '<base href="javascript:XSS//">'],
  ['base href elsewhere', '<base href="https://evil.example/">'],
  ['meta refresh javascript:', '<meta http-equiv="refresh" content="0;url=javascript:XSS">'],
  ['meta refresh, two URLs', '<meta http-equiv="refresh" content="0;URL=http://;URL=javascript:XSS;">'],
  [
    'meta refresh data:',
    (x) => `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${btoa(`<script>${x}</script>`)}">`,
  ],
  ['meta set-cookie', '<meta http-equiv="Set-Cookie" content="xss=XSS">'],
  ['link rel=import', '<link rel=import href="data:text/html,<script>XSS</script>">'],
  ['link stylesheet javascript:', '<link rel=stylesheet href="javascript:XSS">'],
  ['svg a xlink:href', '<svg><a xlink:href="javascript:XSS"><text x=20 y=20>x</text></a></svg>'],
  ['svg a href', '<svg><a href="javascript:XSS"><text x=20 y=20>x</text></a></svg>'],
  [
    'svg animate values=javascript:',
    '<svg><a><animate attributeName=href values="javascript:XSS"/><text x=20 y=20>x</text></a></svg>',
  ],
  ['svg set to=javascript:', '<svg><a><set attributeName=href to="javascript:XSS"/><text x=20 y=20>x</text></a></svg>'],
  [
    'svg use href data:',
    (x) =>
      `<svg><use href="data:image/svg+xml;base64,${btoa(svgDoc(`<g id="x"><image href="x" onerror="${x}"/></g>`))}#x"/></svg>`,
  ],
  [
    'svg use xlink:href data:',
    (x) =>
      `<svg><use xlink:href="data:image/svg+xml;base64,${btoa(svgDoc(`<g id="x"><image href="x" onerror="${x}"/></g>`))}#x"/></svg>`,
  ],
  ['svg image href javascript:', '<svg><image href="javascript:XSS"/></svg>'],
  ['svg script', '<svg><script>XSS</script></svg>'],
  ['svg script href data:', '<svg><script href="data:,XSS"/></svg>'],
  ['svg script xlink:href data:', '<svg><script xlink:href="data:,XSS"></script></svg>'],
  ['svg script, entity-encoded body', (x) => `<svg><script>${hex(x)}</script></svg>`],
  ['svg foreignObject img', '<svg><foreignObject><img src=x onerror=XSS></foreignObject></svg>'],
  ['math href', '<math href="javascript:XSS">x</math>'],
  ['math maction xlink:href', '<math><maction actiontype="statusline" xlink:href="javascript:XSS">x</maction></math>'],
  ['math mi xlink:href', '<math><mi xlink:href="javascript:XSS">x</mi></math>'],

  // CSS
  ['style @import javascript:', "<style>@import 'javascript:XSS';</style>"],
  ['style @import, backslash-escaped', "<style>@im\\port'\\ja\\vasc\\ript:XSS';</style>"],
  ['style url(javascript:)', '<style>li{background:url("javascript:XSS")}</style><ul><li>x</li></ul>'],
  ['style type=text/javascript', '<style type="text/javascript">XSS</style>'],
  ['style expression()', '<style>p{width:expression(XSS)}</style>'],
  ['style -moz-binding', '<style>p{-moz-binding:url("data:text/xml,XSS")}</style>'],
  ['style attribute url(javascript:)', '<div style="background-image:url(javascript:XSS)">x</div>'],
  ['style attribute expression()', '<div style="width:expression(XSS)">x</div>'],
  ['style attribute, expression split by a comment', '<img style="xss:expr/*x*/ession(XSS)">'],
  ['style attribute, CSS escapes', (x) => `<div style="background:url(${cssEscape(`javascript:${x}`)})">x</div>`],
  ['style attribute, full-screen fake', '<div style="position:fixed;inset:0;z-index:99999" onclick=XSS>sign in</div>'],
  ['style attribute behavior', '<span style="behavior:url(x.htc)" onmouseover=XSS>x</span>'],

  // <template>, <noscript> and raw text: mutation XSS
  ['template', '<template><img src=x onerror=XSS></template>'],
  ['template in a select', '<select><template><img src=x onerror=XSS></template></select>'],
  ['declarative shadow root', '<div><template shadowrootmode=open><img src=x onerror=XSS></template></div>'],
  ['noscript, title breakout', '<noscript><p title="</noscript><img src=x onerror=XSS>">'],
  ['noscript, style breakout', '<noscript><style></noscript><img src=x onerror=XSS></style></noscript>'],
  ['noscript img', '<noscript><img src=x onerror=XSS></noscript>'],
  ['title breakout', '<title><img src=x onerror=XSS></title>'],
  ['textarea breakout', '<textarea><p title="</textarea><img src=x onerror=XSS>"></textarea>'],
  ['xmp breakout', '<xmp><p title="</xmp><img src=x onerror=XSS>">'],
  ['noembed breakout', '<noembed><p title="</noembed><img src=x onerror=XSS>">'],
  ['noframes breakout', '<noframes><p title="</noframes><img src=x onerror=XSS>">'],
  ['iframe raw-text breakout', '<iframe><p title="</iframe><img src=x onerror=XSS>">'],
  ['style breakout', '<style><p title="</style><img src=x onerror=XSS>">'],
  ['plaintext', '<plaintext><img src=x onerror=XSS>'],
  ['svg style img', '<svg><style><img src=x onerror=XSS></style></svg>'],
  ['svg </p> style', '<svg></p><style><a id="</style><img src=1 onerror=XSS>">'],
  ['svg p style', '<svg><p><style><a id="</style><img src=1 onerror=XSS>">'],
  ['math mi mglyph style', '<math><mi><mglyph><style><!--</style><img src=x onerror=XSS>'],
  [
    'math mtext table mglyph style',
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=XSS&gt;">',
  ],
  ['form math mtext form mglyph style', '<form><math><mtext></form><form><mglyph><style></math><img src onerror=XSS>'],
  [
    'math mglyph svg mtext textarea',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=XSS src=1>"></textarea></mtext></svg></mglyph></mi></math>',
  ],
  [
    'math annotation-xml style',
    '<math><annotation-xml encoding="text/html"><style><img src=x onerror=XSS></style></annotation-xml></math>',
  ],
  ['svg title', '<svg><title><img src=x onerror=XSS></title></svg>'],
  ['svg desc style', '<svg><desc><style><img src=x onerror=XSS></style></desc></svg>'],
  ['svg CDATA', '<svg><![CDATA[><image xlink:href="]]><img src=x onerror=XSS>">]]></svg>'],
  ['comment breakout', '<!--<img src="--><img src=x onerror=XSS//">'],
  ['comment closed by --!>', '<!-- --!><img src=x onerror=XSS> -->'],
  ['comment opened in an attribute', '<p title="<!--">--><img src=x onerror=XSS></p>'],
  ['CDATA in HTML', '<![CDATA[><img src=x onerror=XSS>]]>'],
  ['bogus comment <?', '<?xml x="><img src=x onerror=XSS>">'],
  ['processing instruction', '<? foo="><script>XSS</script>">'],
  ['select option', '<select><option><img src=x onerror=XSS></option></select>'],

  // DOM clobbering (and clobbering DOMPurify itself)
  ['img name=cookie', '<img name=cookie>'],
  ['img name=getElementById', '<img name=getElementById>'],
  ['a id=location', '<a id=location href="https://example.test/">x</a>'],
  ['form id + input name=attributes', '<form id=x><input name=attributes></form>'],
  ['img name=body', '<img name=body>'],
  ['form name=createElement', '<form name=createElement></form>'],
  ['embed name=defaultView', '<embed name=defaultView>'],
  ['object name=documentElement', '<object name=documentElement></object>'],
  ['img name=getElementsByTagName', '<img name=getElementsByTagName>'],
  ['img name=implementation', '<img name=implementation>'],
  ['iframe name=location', '<iframe name=location></iframe>'],
  ['a id twice (HTMLCollection)', '<a id=xsscol></a><a id=xsscol name=href href="javascript:XSS">x</a>'],
  ['form handler + clobbered attributes', '<form onmouseover=XSS><input name=attributes><input name=attributes></form>'],
  ['form + input name=nodeName', '<form onclick=XSS><input name=nodeName></form>'],
  ['form + input name=removeAttribute', '<form onclick=XSS><input name=removeAttribute></form>'],
  ['form + parentNode/childNodes', '<form onclick=XSS><input name=parentNode><input name=childNodes></form>'],
];

/** The payloads with their spy calls filled in, numbered from 1. */
const payloads = CORPUS.map(([name, html], i) => {
  const n = i + 1;
  const run = `__xss(${n})`;
  return { n, name, html: typeof html === 'function' ? html(run) : html.replaceAll('XSS', run) };
});

/** Elements that may never come out of the sanitiser, in any namespace. */
const FORBIDDEN_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'param',
  'base',
  'meta',
  'link',
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'template',
  'slot',
  'svg',
  'math',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'title',
  'audio',
  'video',
  'source',
  'dialog',
  'isindex',
  'keygen',
  'bgsound',
  'marquee',
];
/** Attributes that may hold a URL. */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
  'data',
  'codebase',
  'cite',
  'dynsrc',
  'lowsrc',
  'longdesc',
  'usemap',
  'ping',
  'srcset',
];
/** Attributes that may never survive, whatever their value. */
const FORBIDDEN_ATTRIBUTES = ['style', 'srcdoc', 'srcset', 'action', 'formaction', 'xlink:href', 'ping', 'target', 'is'];

/** The value as a browser reads its scheme: no whitespace or control characters, lower case. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a browser drops here
const compact = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();

/** What is wrong with one element of the sanitised output (empty when nothing). */
function problems(el: Element): string[] {
  const found: string[] = [];
  const tag = el.localName;
  if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`<${tag}> in ${el.namespaceURI}`);
  if (FORBIDDEN_ELEMENTS.includes(tag)) found.push(`<${tag}>`);
  for (const { name, value } of Array.from(el.attributes)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('on')) found.push(`<${tag} ${name}>`);
    // DOMPurify empties a forbidden `is` rather than removing it: serialising an element that was
    // created with an is value and has no attribute writes the old value back. Empty names nothing.
    if (lower === 'is' && value === '') continue;
    if (FORBIDDEN_ATTRIBUTES.includes(lower)) found.push(`<${tag} ${name}>`);
    if ((lower === 'id' || lower === 'name') && !value.startsWith('user-content-'))
      found.push(`<${tag} ${name}="${value}"> unprefixed`);
    if (!URL_ATTRIBUTES.includes(lower) || lower.startsWith('data-')) continue;
    const scheme = compact(value);
    const imageData = tag === 'img' && lower === 'src' && scheme.startsWith('data:image/');
    if (/^(?:javascript|vbscript|data):/.test(scheme) && !imageData) found.push(`<${tag} ${name}="${value}">`);
    // The same through the URL parser, as a click or a load would see it.
    let protocol: string;
    try {
      protocol = new URL(value, document.baseURI).protocol;
    } catch {
      continue; // a URL that does not parse leads nowhere
    }
    if (!['http:', 'https:', 'mailto:', 'tel:'].includes(protocol) && !imageData)
      found.push(`<${tag} ${name}="${value}"> is ${protocol}`);
  }
  return found;
}

describe('sanitizeHtml: an XSS corpus in a live document', () => {
  const fired = new Set<number>();
  const cells: { n: number; name: string; cell: HTMLElement }[] = [];
  let box: HTMLElement;

  before(async () => {
    window.__xss = (n) => void fired.add(n);
    box = document.createElement('div');
    document.body.append(box);
    for (const { n, name, html } of payloads) {
      const clean = await sanitizeHtml(html);
      const cell = document.createElement('div');
      cell.dataset.payload = String(n);
      cell.innerHTML = clean as string;
      box.append(cell);
      cells.push({ n, name, cell });
    }
    // Time for onerror/onload, autofocus, toggle, animations and SMIL to fire.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await sleep(100);
  });

  after(() => {
    box.remove();
    delete window.__xss;
  });

  /** Every problem in the corpus's output, as `#n name: problem`. */
  const everyProblem = (check: (el: Element) => string[]) =>
    cells.flatMap(({ n, name, cell }) =>
      Array.from(cell.querySelectorAll('*')).flatMap((el) => check(el).map((p) => `#${n} ${name}: ${p}`)),
    );

  it('holds at least 120 payloads', () => {
    expect(payloads.length).to.be.at.least(120);
  });

  it('runs none of them', () => {
    const ran = [...fired].sort((a, b) => a - b).map((n) => `#${n} ${payloads[n - 1]?.name}`);
    expect(ran, 'payloads that ran').to.deep.equal([]);
  });

  it('leaves no event handler, script URL, forbidden element or attribute, or unprefixed id/name', () => {
    expect(everyProblem(problems)).to.deep.equal([]);
  });

  it('leaves no inline style and no element outside HTML', () => {
    expect(everyProblem((el) => (el.hasAttribute('style') ? [`<${el.localName} style>`] : []))).to.deep.equal([]);
    expect(box.querySelectorAll('svg, math, [style]').length).to.equal(0);
  });

  it('lets nothing clobber the globals of the document', () => {
    expect(typeof document.cookie).to.equal('string');
    expect(typeof document.getElementById).to.equal('function');
    expect(typeof document.getElementsByTagName).to.equal('function');
    expect(typeof document.createElement).to.equal('function');
    expect(window.location).to.be.instanceOf(Location);
    expect(document.body).to.be.instanceOf(HTMLBodyElement);
    expect(document.documentElement).to.be.instanceOf(HTMLHtmlElement);
    expect(document.defaultView === window, 'document.defaultView').to.equal(true);
    expect(document.implementation).to.be.instanceOf(DOMImplementation);
    // The prefixed names are where the clobbering would have been.
    expect((document as unknown as Record<string, unknown>)['user-content-cookie']).to.be.instanceOf(HTMLImageElement);
  });
});

// ---------------------------------------------------------------------------------------------

/** The sanitised HTML as text. */
const clean = async (html: string) => String(await sanitizeHtml(html));

/** The sanitised HTML parsed inert (a template's content: nothing loads). */
async function parsed(html: string): Promise<DocumentFragment> {
  const template = document.createElement('template');
  template.innerHTML = (await sanitizeHtml(html)) as string;
  return template.content;
}

describe('sanitizeHtml: what survives', () => {
  it('keeps text formatting and lists as they are', async () => {
    const html =
      '<h1>Title</h1><h2>Sub</h2><h3>Small</h3><p>Plain <b>bold</b> <strong>strong</strong> <em>em</em> <i>i</i> <u>u</u> <br>next</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote>quoted</blockquote><hr>' +
      '<table><tbody><tr><th>head</th><td>cell</td></tr></tbody></table>';
    expect(await clean(html)).to.equal(html);
  });

  it('keeps an https image, lazy and without a referrer', async () => {
    const img = (await parsed('<img src="https://cdn.example.test/banner.png" alt="Banner" class="wide">')).querySelector('img')!;
    expect(img.getAttribute('src')).to.equal('https://cdn.example.test/banner.png');
    expect(img.getAttribute('alt')).to.equal('Banner');
    expect(img.getAttribute('class')).to.equal('wide');
    expect(img.getAttribute('loading')).to.equal('lazy');
    expect(img.getAttribute('referrerpolicy')).to.equal('no-referrer');
  });

  it('overrides what the HTML says about loading and the referrer', async () => {
    const img = (
      await parsed('<img src="https://cdn.example.test/a.png" loading="eager" referrerpolicy="unsafe-url">')
    ).querySelector('img')!;
    expect(img.getAttribute('loading')).to.equal('lazy');
    expect(img.getAttribute('referrerpolicy')).to.equal('no-referrer');
  });

  it('keeps a data:image source on an image (an image runs no script)', async () => {
    const src = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
    const img = (await parsed(`<img src="${src}">`)).querySelector('img')!;
    expect(img.getAttribute('src')).to.equal(src);
  });

  it('keeps an https link and makes it noopener noreferrer', async () => {
    const a = (await parsed('<a href="https://promo.example.test/x?a=1" rel="opener" title="Go">Go</a>')).querySelector('a')!;
    expect(a.getAttribute('href')).to.equal('https://promo.example.test/x?a=1');
    expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(a.getAttribute('title')).to.equal('Go');
    expect(a.textContent).to.equal('Go');
  });

  it('keeps an /m path, an in-page anchor, tel: and mailto:', async () => {
    const links = Array.from(
      (
        await parsed(
          '<a href="/m/activity?id=1">a</a><a href="#terms">b</a><a href="tel:+6561234567">c</a><a href="mailto:help@example.test?subject=Hi">d</a>',
        )
      ).querySelectorAll('a'),
    );
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      '/m/activity?id=1',
      '#terms',
      'tel:+6561234567',
      'mailto:help@example.test?subject=Hi',
    ]);
    expect(links.map((a) => a.getAttribute('rel'))).to.deep.equal(Array(4).fill('noopener noreferrer'));
  });

  it('drops a target, and links that leave the origin by the back door', async () => {
    const html =
      '<a href="https://example.test/" target="_top">a</a><a href="//evil.example/">b</a><a href="/\\evil.example/">c</a>' +
      '<a href="\\\\evil.example/">d</a><a href="promo.html">e</a><a href="ftp://example.test/">f</a>';
    const links = Array.from((await parsed(html)).querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('target'))).to.deep.equal(Array(6).fill(null));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.test/', null, null, null, null, null]);
    expect(
      links.map((a) => a.getAttribute('rel')),
      'no rel without an href',
    ).to.deep.equal(['noopener noreferrer', null, null, null, null, null]);
  });

  it('keeps aria and class but not data- attributes', async () => {
    const p = (await parsed('<p class="note" aria-label="Note" role="note" data-track="1">x</p>')).querySelector('p')!;
    expect(p.getAttribute('class')).to.equal('note');
    expect(p.getAttribute('aria-label')).to.equal('Note');
    expect(p.getAttribute('role')).to.equal('note');
    expect(p.hasAttribute('data-track')).to.equal(false);
  });

  it('prefixes ids and names, so an in-page anchor still has to say so', async () => {
    const fragment = await parsed('<h2 id="terms">Terms</h2><a name="top"></a>');
    expect(fragment.querySelector('h2')!.id).to.equal('user-content-terms');
    expect(fragment.querySelector('a')!.getAttribute('name')).to.equal('user-content-top');
  });
});

describe('sanitizeHtml: Trusted Types', () => {
  interface Factory {
    isHTML(value: unknown): boolean;
    createPolicy(name: string, rules: { createHTML(input: string): string }): { createHTML(input: string): unknown };
  }
  const tt = () => (window as unknown as { trustedTypes?: Factory }).trustedTypes;

  it('gives a TrustedHTML where the browser has Trusted Types (Chromium does)', async () => {
    expect(tt(), 'window.trustedTypes').to.not.equal(undefined);
    const result = await sanitizeHtml('<p onclick="x()">hi</p>');
    expect(tt()!.isHTML(result)).to.equal(true);
    expect(String(result)).to.equal('<p>hi</p>');
  });

  it("makes it with one policy named 'wps-html', made once", async () => {
    // A fresh copy of the module (its own policy variable), with createPolicy watched.
    const factory = tt()!;
    const created: string[] = [];
    const made: unknown[] = [];
    const own = Object.getOwnPropertyDescriptor(factory, 'createPolicy');
    const createPolicy = factory.createPolicy;
    factory.createPolicy = function (this: Factory, name, rules) {
      created.push(name);
      const policy = createPolicy.call(this, name, rules);
      return {
        createHTML: (input: string) => {
          const html = policy.createHTML(input);
          made.push(html);
          return html;
        },
      };
    };
    try {
      const fresh: typeof import('../../src/core/html/sanitize.ts') =
        // @ts-expect-error -- a second, separate copy of the module: the query is esbuild's module identity
        await import('../../src/core/html/sanitize.ts?trusted-types');
      const first = await fresh.sanitizeHtml('<b>1</b><script>x()</script>');
      const second = await fresh.sanitizeHtml('<i>2</i>');
      expect(created).to.deep.equal(['wps-html']);
      expect(made).to.have.length(2);
      expect(made[0] === first && made[1] === second, 'the results are what the wps-html policy made').to.equal(true);
      expect(String(first)).to.equal('<b>1</b>');
    } finally {
      if (own) Object.defineProperty(factory, 'createPolicy', own);
      else delete (factory as Partial<Factory>).createPolicy;
    }
  });

  // Last in this file: a CSP, once in force, stays for the rest of the page.
  it("still sanitises, as a plain string, when the page's CSP does not allow the policy name", async () => {
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = "trusted-types another-policy 'allow-duplicates'";
    document.head.append(meta);
    expect(() => tt()!.createPolicy('wps-html', { createHTML: (s) => s }), 'the CSP is in force').to.throw();

    // @ts-expect-error -- a second, separate copy of the module: the query is esbuild's module identity
    const fresh = (await import('../../src/core/html/sanitize.ts?csp')) as typeof import('../../src/core/html/sanitize.ts');
    const result = await fresh.sanitizeHtml('<img src=x onerror="__xss(0)"><p>ok</p>');
    expect(typeof result).to.equal('string');
    expect(result).to.equal('<img loading="lazy" referrerpolicy="no-referrer"><p>ok</p>');
  });
});
