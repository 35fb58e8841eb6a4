import { expect } from 'chai';
import {
  carriedParams,
  disablesAutoLogin,
  guardRoute,
  isSiteRoot,
  loginPath,
  reloadAction,
  returnPathFrom,
  safeReturnPath,
  tokenFromQuery,
  withoutToken,
  withCarriedParams,
} from '../../src/core/session/routeRules.ts';

describe('the page a login returns to (docs/product.md §4, issue 32)', () => {
  const safe: [raw: string, expected: string][] = [
    ['/m/rewardCenter', '/m/rewardCenter'],
    ['/m/rewardCenter/', '/m/rewardCenter'],
    ['/m/activity?id=42#rules', '/m/activity?id=42#rules'],
    // The token never rides along; the carried parameters come back with the navigation itself.
    ['/m/voucherCenter?token=abc&tab=used&affiliateCode=A1&fbclid=f', '/m/voucherCenter?tab=used'],
    ['/m/game?tokens=abc', '/m/game'],
    ['/m/appDownload?tokens=1', '/m/appDownload?tokens=1'], // there `tokens` is the page's flag
    ['/m/nope', '/m/nope'], // unknown: the not-found page says so, still ours
  ];
  for (const [raw, expected] of safe) it(`${raw} → ${expected}`, () => expect(safeReturnPath(raw)).to.equal(expected));

  const refused = [
    '//evil.com',
    '//evil.com/m/home',
    'https://evil.example/m/rewardCenter',
    'https:evil.example',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,hi',
    '/\\evil.com',
    '/m/\\evil.com',
    '/m/..//evil.com',
    '/m/../../evil',
    '/m//evil.com',
    '/m',
    '/',
    'm/rewardCenter',
    '/mobile/mc/redirect.html',
    '/m/login',
    '/m/login?returnTo=%2Fm%2Flogin',
    '/m/login/',
    '/m/register',
    '/m/register.html',
    '/m/home',
    '/m/index.html',
    '',
  ];
  for (const raw of refused) it(`refuses ${JSON.stringify(raw)}`, () => expect(safeReturnPath(raw)).to.equal(undefined));
  it('refuses a missing value', () => {
    expect(safeReturnPath(undefined)).to.equal(undefined);
    expect(safeReturnPath(null)).to.equal(undefined);
  });

  it('loginPath names a safe page, else it is plain /m/login', () => {
    expect(loginPath('/m/rewardCenter?tab=2')).to.equal('/m/login?returnTo=%2Fm%2FrewardCenter%3Ftab%3D2');
    expect(loginPath('//evil.com')).to.equal('/m/login');
    expect(loginPath('/m/login?returnTo=%2Fm%2FrewardCenter')).to.equal('/m/login');
    expect(loginPath(undefined)).to.equal('/m/login');
  });

  it('returnPathFrom reads returnTo from the login URL and checks it again', () => {
    expect(returnPathFrom('?returnTo=%2Fm%2FrewardCenter&r=ref9')).to.equal('/m/rewardCenter');
    expect(returnPathFrom('returnTo=%2Fm%2FrewardCenter')).to.equal('/m/rewardCenter');
    expect(returnPathFrom('?returnTo=%2F%2Fevil.com')).to.equal(undefined);
    expect(returnPathFrom('?returnTo=javascript%3Aalert(1)')).to.equal(undefined);
    expect(returnPathFrom('?returnTo=%2Fm%2Flogin')).to.equal(undefined);
    expect(returnPathFrom('?r=ref9')).to.equal(undefined);
  });
});

describe('route guard (docs/product.md §2)', () => {
  const rows: [path: string, search: string, session: boolean, expected: string | true][] = [
    ['/m/member/home', '', false, '/m/login?returnTo=%2Fm%2Fmember%2Fhome'],
    // The router's query comes without '?'; the carried parameters are left to the navigation.
    ['/m/rewardCenter', 'tab=2&r=ref9', false, '/m/login?returnTo=%2Fm%2FrewardCenter%3Ftab%3D2'],
    ['/m/member/home', '', true, true],
    ['/m/member/home', '?token=abc', false, true],
    ['/m/member/home', '?tokens=abc', false, true],
    ['/m/game', '?token=', false, '/m/login?returnTo=%2Fm%2Fgame'],
    ['/m/inviteFriends', '', false, true],
    ['/m/feedback', '', false, '/m/home'],
    ['/m/feedback', '', true, true],
    ['/m/home', '', false, true],
    ['/m/login', '', false, true],
    ['/m/register.html', '', false, true],
  ];
  for (const [path, search, session, expected] of rows) {
    it(`${path}${search} with${session ? '' : 'out'} session → ${expected === true ? 'allowed' : expected}`, () => {
      const result = guardRoute(path, search, session);
      if (expected === true) expect(result).to.deep.equal({ allow: true });
      else expect(result).to.deep.equal({ allow: false, redirect: expected });
    });
  }
  it('reads the token from token, else tokens', () => {
    expect(tokenFromQuery('?token=a&tokens=b')).to.equal('a');
    expect(tokenFromQuery('?tokens=b')).to.equal('b');
    expect(tokenFromQuery('?x=1')).to.equal(undefined);
    // On /m/appDownload `tokens` is the page's flag, not a token.
    expect(tokenFromQuery('?tokens=1', '/m/appDownload')).to.equal(undefined);
    expect(tokenFromQuery('?tokens=1', '/m/appDownload/')).to.equal(undefined);
    expect(tokenFromQuery('?token=a&tokens=1', '/m/appDownload')).to.equal('a');
    expect(tokenFromQuery('?tokens=b', '/m/game')).to.equal('b');
  });
  it('a forced password change sends every page but /m/changePsw there (docs/product.md §4)', () => {
    for (const path of ['/m/home', '/m/login', '/m/member/home', '/m/feedback'])
      expect(guardRoute(path, '', true, true)).to.deep.equal({ allow: false, redirect: '/m/changePsw' });
    expect(guardRoute('/m/changePsw', '', true, true)).to.deep.equal({ allow: true });
    expect(guardRoute('/m/home', '', true, false)).to.deep.equal({ allow: true });
    expect(guardRoute('/m/home', '', false, true), 'no session: nothing to change').to.deep.equal({ allow: true });
  });
  it('an address outside the route table is let through to the not-found page, for a visitor too (docs/product.md §2)', () => {
    const table = new Set(['/m/home', '/m/login', '/m/member/home', '/m/changePsw']);
    const isRoute = (path: string) => table.has(path);
    expect(guardRoute('/m/nope', '', false, false, isRoute)).to.deep.equal({ allow: true });
    expect(guardRoute('/m/member/nowhere', '?r=ref7', false, false, isRoute)).to.deep.equal({ allow: true });
    expect(guardRoute('/m/nope', '', true, false, isRoute)).to.deep.equal({ allow: true });
    // The guard still holds for the table's non-public pages.
    expect(guardRoute('/m/member/home', '', false, false, isRoute)).to.deep.equal({
      allow: false,
      redirect: '/m/login?returnTo=%2Fm%2Fmember%2Fhome',
    });
    // A forced password change still comes first, from everywhere.
    expect(guardRoute('/m/nope', '', true, true, isRoute)).to.deep.equal({ allow: false, redirect: '/m/changePsw' });
    // Without a table every path counts as a page.
    expect(guardRoute('/m/nope', '', false)).to.deep.equal({ allow: false, redirect: '/m/login?returnTo=%2Fm%2Fnope' });
  });
  it('/m and /m/ go to /m/home for a visitor and a member alike; a forced password change still comes first', () => {
    for (const path of ['/m', '/m/']) {
      expect(guardRoute(path, '', false), path).to.deep.equal({ allow: false, redirect: '/m/home' });
      expect(guardRoute(path, '?r=A', true), path).to.deep.equal({ allow: false, redirect: '/m/home' });
      expect(
        guardRoute(path, '', true, false, () => false),
        path,
      ).to.deep.equal({ allow: false, redirect: '/m/home' });
      expect(guardRoute(path, '', true, true), path).to.deep.equal({ allow: false, redirect: '/m/changePsw' });
    }
  });
  it('/m and /m/ are the site root, nothing else is', () => {
    expect(isSiteRoot('/m')).to.equal(true);
    expect(isSiteRoot('/m/')).to.equal(true);
    for (const path of ['/', '/m//', '/m/home', '/mm', '/m/m']) expect(isSiteRoot(path), path).to.equal(false);
  });
  it('withoutToken drops token and tokens and keeps the rest of the query', () => {
    expect(withoutToken('?token=a&x=1&tokens=b&y=2')).to.equal('?x=1&y=2');
    expect(withoutToken('?token=a')).to.equal('');
    expect(withoutToken('')).to.equal('');
  });
});

describe('reload rule (docs/product.md §2)', () => {
  for (const path of ['/m/home', '/m/index', '/m/index.html', '/m/login', '/m/register', '/m/register.html']) {
    it(`${path} reloads`, () => expect(reloadAction(path)).to.equal('reload'));
  }
  for (const path of ['/m/member/home', '/m/game', '/m/activity', '/m/changePsw']) {
    it(`${path} goes home`, () => expect(reloadAction(path)).to.equal('home'));
  }
});

describe('query carry-over (docs/product.md §2)', () => {
  it('keeps every carried parameter and drops the others', () => {
    const search =
      '?affiliateCode=A&referralCode=R&r=r1&inApp=1&fbclid=f&gclid=g&ttclid=t&kwaiclid=k&bbg=b&isBgeTest=1&token=secret&foo=bar';
    expect(carriedParams(search)).to.deep.equal({
      affiliateCode: 'A',
      referralCode: 'R',
      r: 'r1',
      inApp: '1',
      fbclid: 'f',
      gclid: 'g',
      ttclid: 't',
      kwaiclid: 'k',
      bbg: 'b',
      isBgeTest: '1',
    });
  });
  it('adds carried and stored parameters to a target, never the token', () => {
    const next = withCarriedParams('/m/login', '?fbclid=f&token=secret', { gclid: 'stored' });
    const q = new URLSearchParams(next.split('?')[1]);
    expect(next.startsWith('/m/login?')).to.equal(true);
    expect(q.get('fbclid')).to.equal('f');
    expect(q.get('gclid')).to.equal('stored');
    expect(q.has('token')).to.equal(false);
  });
  it('lets the target keep its own value', () => {
    expect(withCarriedParams('/m/home?r=mine', '?r=theirs')).to.equal('/m/home?r=mine');
  });
});

describe('auto login switches (docs/product.md §2)', () => {
  it('redirectUrl or backUrl disable auto login', () => {
    expect(disablesAutoLogin('?redirectUrl=%2Fm%2Fgame')).to.equal(true);
    expect(disablesAutoLogin('?backUrl=x')).to.equal(true);
    expect(disablesAutoLogin('?r=1')).to.equal(false);
  });
});

// Rows the mutation run of src/core/session found missing (CONTRIBUTING.md, "Mutation runs").
describe('route rules: every public page, trailing slashes, the tokens flag, empty carried values', () => {
  const publicPaths = [
    '/m/home',
    '/m/index',
    '/m/index.html',
    '/m/login',
    '/m/register',
    '/m/register.html',
    '/m/inviteFriends',
    '/m/agentRegister',
    '/m/appDownload',
  ];
  for (const path of publicPaths) {
    it(`${path} and ${path}/ open for a visitor`, () => {
      expect(guardRoute(path, '', false)).to.deep.equal({ allow: true });
      expect(guardRoute(`${path}/`, '', false)).to.deep.equal({ allow: true });
    });
  }
  for (const path of ['/m/member/home', '/m/changePsw', '/m/game', '/m/home.html']) {
    it(`${path} sends a visitor to /m/login, which comes back to it`, () => {
      expect(guardRoute(path, '', false)).to.deep.equal({
        allow: false,
        redirect: `/m/login?returnTo=${encodeURIComponent(path)}`,
      });
    });
  }

  it('the reload rule ignores a trailing slash', () => {
    expect(reloadAction('/m/login/')).to.equal('reload');
    expect(reloadAction('/m/member/home/')).to.equal('home');
  });

  it('every trailing slash, not only the last: /m/register// is the public page for a visitor and reloads', () => {
    expect(guardRoute('/m/register//', '', false)).to.deep.equal({ allow: true });
    expect(reloadAction('/m/login//')).to.equal('reload');
  });

  it('tokens is a token everywhere but /m/appDownload (with or without its trailing slash), and without a path', () => {
    expect(tokenFromQuery('?tokens=t1')).to.equal('t1');
    expect(tokenFromQuery('?tokens=t1', '/m/home')).to.equal('t1');
    expect(tokenFromQuery('?tokens=1', '/m/appDownload/')).to.equal(undefined);
    expect(withoutToken('?tokens=t1&r=A')).to.equal('?r=A');
    expect(withoutToken('?tokens=1&token=t', '/m/appDownload/')).to.equal('?tokens=1');
  });

  it('an empty carried parameter is not carried', () => {
    expect(carriedParams('?r=&gclid=G&inApp=')).to.deep.equal({ gclid: 'G' });
  });
});
