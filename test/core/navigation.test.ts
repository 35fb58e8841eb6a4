/**
 * The hand-off of a session from a merchant's page to the operator's /m (docs/elements.md, "Sessions
 * on a merchant page"): the token goes in the query only to the operator's own origin.
 */
import { expect } from 'chai';
import { apiBase } from '../../src/core/config/config.ts';
import { onOperatorPage, operatorOrigin, operatorUrlWithToken, setNavigator } from '../../src/core/session/navigation.ts';

afterEach(() => {
  apiBase.value = '';
  setNavigator(undefined);
});

describe('operatorUrlWithToken', () => {
  it("goes to the api-base's origin with the token in the query", () => {
    apiBase.value = 'https://op.example';
    expect(operatorOrigin()).to.equal('https://op.example');
    expect(operatorUrlWithToken('/m/home', 'tok-1')).to.equal('https://op.example/m/home?token=tok-1');
    expect(operatorUrlWithToken('/m/changePsw', 'a b&c')).to.equal('https://op.example/m/changePsw?token=a+b%26c');
  });

  it('without an api-base the operator is the page itself', () => {
    expect(operatorOrigin()).to.equal(location.origin);
    expect(operatorUrlWithToken('/m/home', 't')).to.equal(`${location.origin}/m/home?token=t`);
  });

  it('never gives a token to another origin or to a path outside /m', () => {
    apiBase.value = 'https://op.example';
    for (const path of [
      'https://evil.example/m/home',
      '//evil.example/m/home',
      '/\\evil.example/m/home',
      'javascript:alert(1)',
      '/m',
      '/wps/member/info',
      'm/home',
    ]) {
      expect(operatorUrlWithToken(path, 'tok'), path).to.equal(undefined);
    }
  });

  it('never gives a token to an api-base that is no web origin (its origin and the target\'s are both "null")', () => {
    for (const base of ['data:text/html,x', 'javascript:void 0', 'blob:whatever']) {
      apiBase.value = base;
      expect(operatorUrlWithToken('/m/home', 'tok'), base).to.equal(undefined);
    }
  });

  it("an api-base that is no URL at all (a merchant's typo) gives no link with the token, and does not throw", () => {
    apiBase.value = 'https://[op.example';
    expect(operatorUrlWithToken('/m/home', 'tok')).to.equal(undefined);
  });
});

describe('onOperatorPage', () => {
  it('is true only while the host page has its router installed', () => {
    expect(onOperatorPage()).to.equal(false);
    setNavigator(() => undefined);
    expect(onOperatorPage()).to.equal(true);
    setNavigator(undefined);
    expect(onOperatorPage()).to.equal(false);
  });
});
