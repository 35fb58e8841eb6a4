/**
 * safeUrl (src/core/config/config.ts; docs/architecture.md, Security): every URL the server gives
 * (downloads, customer service, captcha scripts, ...) is opened or loaded only when it is http(s)
 * or a path on the operator's origin.
 */
import { expect } from 'chai';
import { apiBase, safeUrl } from '../../src/core/config/config.ts';

afterEach(() => (apiBase.value = ''));

describe('safeUrl: what may be opened', () => {
  const refused: [string, unknown][] = [
    ['javascript:', 'javascript:alert(1)'],
    ['mixed case', 'JaVaScRiPt:alert(1)'],
    ['leading spaces', '   javascript:alert(1)'],
    ['a tab inside the scheme', 'java\tscript:alert(1)'],
    ['a newline inside the scheme', 'java\nscript:alert(1)'],
    ['a leading control character', '\u0001javascript:alert(1)'],
    ['an HTML entity for the colon', 'javascript&colon;alert(1)'],
    ['a numeric entity', 'javascript&#58;alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'VBScript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['blob:', 'blob:https://evil.example/1234'],
    ['protocol-relative', '//evil.example/app.apk'],
    ['a backslash after the slash', '/\\evil.example/app.apk'],
    ['http without slashes', 'http:evil.example'],
    ['a relative path', 'app.apk'],
    ['empty', ''],
    ['not a string', { href: 'https://x.example' }],
    ['undefined', undefined],
  ];
  for (const [name, input] of refused) {
    it(`refuses ${name}`, () => expect(safeUrl(input)).to.equal(undefined));
  }

  it('keeps absolute http(s) URLs, whatever the case of the scheme', () => {
    expect(safeUrl('https://cdn.example.com/app.apk')).to.equal('https://cdn.example.com/app.apk');
    expect(safeUrl('HTTP://cdn.example.com/a b')).to.equal('http://cdn.example.com/a%20b');
    expect(safeUrl('  https://cdn.example.com/x  ')).to.equal('https://cdn.example.com/x');
  });

  it('resolves an operator path against the API base (or the page without one)', () => {
    expect(safeUrl('/download/app.apk')).to.equal(`${location.origin}/download/app.apk`);
    apiBase.value = 'https://api.example.test';
    expect(safeUrl('/download/app.apk?x=1')).to.equal('https://api.example.test/download/app.apk?x=1');
    expect(safeUrl('//api.example.test/x'), 'even to the same host, protocol-relative is refused').to.equal(undefined);
  });
});
