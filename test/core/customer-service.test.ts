/**
 * Customer service (docs/product.md §3 customer-service entries, §8 "Missing URL"; docs/api.md path encoding):
 * decodeCsPath against an encoder written in the test, pickCustomerService, customerServiceUrl and
 * openCustomerService.
 */
import { expect } from 'chai';
import type { SiteInfo } from '../../src/contract/endpoints.ts';
import { apiBase } from '../../src/core/config/config.ts';
import {
  CS_KEY_LENGTH,
  customerServiceUrl,
  decodeCsPath,
  openCustomerService,
  pickCustomerService,
} from '../../src/core/config/customerService.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { encodeCsPath, statusFixture } from '../browser-helpers/status.ts';

type Entry = SiteInfo['customerService'][number];

const savedOpen = window.open;
const opened: unknown[][] = [];

function reset() {
  notices.value = [];
  apiBase.value = '';
  window.open = savedOpen;
  opened.length = 0;
}
beforeEach(() => {
  reset();
  window.open = ((...args: unknown[]) => {
    opened.push(args);
    return null;
  }) as typeof window.open;
});
afterEach(reset);

describe('the test encoder matches the documented format', () => {
  it('the last 8 characters are the key; the rest is base64url without padding', () => {
    expect(CS_KEY_LENGTH).to.equal(8);
    const path = encodeCsPath('https://a.example/', 'ABCDEFGH');
    expect(path.slice(-8)).to.equal('ABCDEFGH');
    expect(path.slice(0, -8)).to.match(/^[A-Za-z0-9_-]+$/);
    // Hand-checked: 'h' ^ 'A' = 0x29, 't' ^ 'B' = 0x36, 't' ^ 'C' = 0x37 → base64 'KTY3'.
    expect(path.startsWith('KTY3')).to.equal(true);
  });
});

describe('decodeCsPath: known paths', () => {
  // Made outside the project (Python: base64url without padding of the UTF-8 bytes XOR-ed with the
  // key's bytes, then the key; docs/api.md), so a mistake shared by the test's encoder and the
  // product's decoder cannot pass here.
  const known: [path: string, url: string | undefined][] = [
    ['KTY3NDZ8aGciMW0hPScqOC0nbTAgNTNnIioiMHorIjoiKiIqMXsDDQwNc3UABCDEFGH', 'https://cs.example.test/chat?merchant=DEMO01'],
    ['A0ctXSwDAVWOnfvLw7QAHxNSNF0zXAGS6rm8ifYGy-rm1vS6Yt6g046d7wk3Y-_9.z', 'https://客服.example/聊天?名字=玩家'],
    ['HlFAG1ZeVkwOSg4F12345678', '/cs/chat?x=1'],
    ['KyM1JTYlNSExNnklKSM1PGlzagABCDEFGH', undefined], // javascript:alert(1): decodes, never opens
  ];
  for (const [path, url] of known) {
    it(`${path.slice(0, 12)}… → ${url ?? 'nothing'}`, () => expect(decodeCsPath(path)).to.equal(url));
  }
});

describe('decodeCsPath: round trip', () => {
  const urls: [label: string, url: string, key?: string][] = [
    ['ASCII https URL with query', 'https://cs.example.test/chat?merchant=DEMO01&lang=zh&x=a+b'],
    ['http URL', 'http://cs.example.test:8080/livechat'],
    ['upper-case scheme', 'HTTPS://CS.EXAMPLE.TEST/'],
    ['relative /path', '/cs/chat?x=1'],
    ['non-ASCII (Chinese) host and query', 'https://客服.example/聊天?名字=玩家&备注=你好'],
    ['non-ASCII (Urdu, emoji) in the query', 'https://cs.example.test/?q=رابطہ&e=🎲'],
    ['a URL whose length is a multiple of the key length', 'https://abcdefgh.example/1234567'],
    ['a URL that needs base64url characters (- and _)', 'https://cs.example.test/?~~~~>>>???'],
    ['a key with symbols', 'https://cs.example.test/x', '-_.!~*()'],
    ['a key of digits', 'https://cs.example.test/y', '12345678'],
  ];
  for (const [label, url, key] of urls) {
    it(label, () => {
      const path = encodeCsPath(url, key);
      expect(decodeCsPath(path)).to.equal(url);
    });
  }

  it('each key gives a different path for the same URL, and each decodes', () => {
    const url = 'https://cs.example.test/chat';
    const a = encodeCsPath(url, 'AAAAAAAA');
    const b = encodeCsPath(url, 'BBBBBBBB');
    expect(a).to.not.equal(b);
    expect([decodeCsPath(a), decodeCsPath(b)]).to.deep.equal([url, url]);
  });

  it('base64 with padding is accepted too', () => {
    const path = encodeCsPath('https://cs.example.test/a', 'KEYKEYKE');
    const body = path.slice(0, -8);
    const padded = body + '='.repeat((4 - (body.length % 4)) % 4);
    expect(decodeCsPath(padded + 'KEYKEYKE')).to.equal('https://cs.example.test/a');
  });
});

describe('decodeCsPath: unusable paths → undefined', () => {
  const rows: [label: string, path: string | undefined][] = [
    ['undefined', undefined],
    ['empty', ''],
    ['only a key (8 characters)', 'ABCDEFGH'],
    ['shorter than the key', 'abc'],
    ['bad base64 (characters outside the alphabet)', '!!!!****ABCDEFGH'],
    ['bad base64 (impossible length)', 'A' + 'ABCDEFGH'],
    ['javascript: URL', encodeCsPath('javascript:alert(1)')],
    ['JavaScript: URL in mixed case', encodeCsPath('JavaScript:alert(document.cookie)')],
    ['data: URL', encodeCsPath('data:text/html,<script>alert(1)</script>')],
    ['vbscript: URL', encodeCsPath('vbscript:msgbox(1)')],
    ['ftp: URL', encodeCsPath('ftp://files.example.test/')],
    ['mailto: URL', encodeCsPath('mailto:cs@example.test')],
    ['leading space before javascript:', encodeCsPath(' javascript:alert(1)')],
    ['a bare word', encodeCsPath('customer-service')],
    ['https without slashes', encodeCsPath('https:evil.example')],
    ['bytes that are not UTF-8', 'gIGCg4SFhoc' + 'AAAAAAAA'],
  ];
  for (const [label, path] of rows) {
    it(label, () => {
      expect(decodeCsPath(path)).to.equal(undefined);
    });
  }

  it('the wrong key does not give the URL', () => {
    const path = encodeCsPath('https://cs.example.test/chat', 'RIGHTKEY');
    const swapped = path.slice(0, -8) + 'WRONGKEY';
    expect(decodeCsPath(swapped)).to.not.equal('https://cs.example.test/chat');
  });
});

describe('pickCustomerService', () => {
  const home: Entry = { title: 'Home chat', csType: 'LIVECHAT', csPosition: 'HOME', path: 'h' };
  const login: Entry = { title: 'Login help', csType: 'LIVECHAT', csPosition: 'LOGIN', path: 'l' };
  const plain: Entry = { title: 'Plain', csType: 'LINK', path: 'p' };

  const rows: [label: string, entries: Entry[] | undefined, position: string | undefined, expected: Entry | undefined][] = [
    ['the entry for the position', [home, login], 'LOGIN', login],
    ['the first matching entry for the position', [plain, login, { ...login, title: 'second' }], 'LOGIN', login],
    ['no entry for the position: the first', [home, login], 'REGISTER', home],
    ['no position: the first', [login, home], undefined, login],
    ['an empty position: the first', [login, home], '', login],
    ['an entry without a position is never matched by position', [plain, home], 'HOME', home],
    ['no entries', [], 'HOME', undefined],
    ['entries undefined', undefined, 'HOME', undefined],
  ];
  for (const [label, entries, position, expected] of rows) {
    it(label, () => {
      expect(pickCustomerService(entries, position)).to.equal(expected);
    });
  }
});

describe('customerServiceUrl and openCustomerService', () => {
  it('decodes the entry for the position, else the first', () => {
    const info = statusFixture().info;
    info.customerService = [
      { title: 'A', csType: 'LIVECHAT', csPosition: 'HOME', path: encodeCsPath('https://home.example.test/') },
      { title: 'B', csType: 'LIVECHAT', csPosition: 'LOGIN', path: encodeCsPath('https://login.example.test/') },
    ];
    expect(customerServiceUrl(info, 'LOGIN')).to.equal('https://login.example.test/');
    expect(customerServiceUrl(info, 'OTHER')).to.equal('https://home.example.test/');
    expect(customerServiceUrl(info)).to.equal('https://home.example.test/');
  });

  it('a path resolves against the api base (the page without one)', () => {
    const info = statusFixture({}, encodeCsPath('/cs/chat')).info;
    expect(customerServiceUrl(info)).to.equal(`${location.origin}/cs/chat`);
    apiBase.value = 'https://api.example.test';
    expect(customerServiceUrl(info)).to.equal('https://api.example.test/cs/chat');
  });

  it('undefined without info, without entries, or with an unusable path', () => {
    expect(customerServiceUrl(undefined)).to.equal(undefined);
    expect(customerServiceUrl({ ...statusFixture().info, customerService: [] })).to.equal(undefined);
    expect(customerServiceUrl(statusFixture({}, encodeCsPath('javascript:alert(1)')).info)).to.equal(undefined);
  });

  it('openCustomerService opens a new tab with noopener', () => {
    openCustomerService('https://cs.example.test/');
    expect(opened).to.deep.equal([['https://cs.example.test/', '_blank', 'noopener']]);
    expect(notices.value).to.deep.equal([]);
  });

  it("openCustomerService without a URL: the 'url is null' error, nothing opens", () => {
    openCustomerService(undefined);
    openCustomerService('');
    expect(opened).to.deep.equal([]);
    expect(notices.value.map((n) => [n.id, n.messageKey])).to.deep.equal([['url-is-null', 'url_is_null']]);
  });
});
