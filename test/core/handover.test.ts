/**
 * The session handover (src/core/session/handover.ts; docs/product.md §2): a token in the address
 * leaves the address bar at once and starts a session only where there is none; another session is
 * never replaced without the player's choice.
 */
import { expect } from 'chai';
import { handoverOf, takeAddressToken } from '../../src/core/session/handover.ts';

const carrier = window as unknown as { __wpsUrlToken?: string };
const start = location.pathname + location.search;

afterEach(() => {
  delete carrier.__wpsUrlToken;
  history.replaceState(null, '', start);
});

describe('takeAddressToken', () => {
  it('takes token from the address and leaves the rest of it, fragment included', () => {
    history.replaceState(null, '', '/m/home?from=mail&token=t%201&b=2#top');
    expect(takeAddressToken()).to.equal('t 1');
    expect(location.pathname + location.search + location.hash).to.equal('/m/home?from=mail&b=2#top');
  });

  it('takes tokens too; on /m/appDownload tokens is the page flag and stays', () => {
    history.replaceState(null, '', '/m/game?tokens=abc');
    expect(takeAddressToken()).to.equal('abc');
    expect(location.search).to.equal('');
    delete carrier.__wpsUrlToken;
    history.replaceState(null, '', '/m/appDownload?tokens=1');
    expect(takeAddressToken()).to.equal(undefined);
    expect(location.search).to.equal('?tokens=1');
  });

  it('answers the same token later (the boot after the inline snippet), though the address has none now', () => {
    history.replaceState(null, '', '/m/home?token=first');
    expect(takeAddressToken()).to.equal('first');
    history.replaceState(null, '', '/m/home?token=second');
    expect(takeAddressToken(), 'taken once per page load').to.equal('first');
  });

  it('no token: nothing taken, the address untouched', () => {
    history.replaceState(null, '', '/m/home?x=1');
    expect(takeAddressToken()).to.equal(undefined);
    expect(location.search).to.equal('?x=1');
  });

  it("no token: a merchant's query stays exactly as written (a bare flag, %20), not rewritten", () => {
    history.replaceState(null, '', '/m/game?flag&q=a%20b#top');
    expect(takeAddressToken()).to.equal(undefined);
    expect(location.search + location.hash).to.equal('?flag&q=a%20b#top');
  });
});

describe('handoverOf', () => {
  it('no token in the address: nothing to do', () => {
    expect(handoverOf(undefined, undefined)).to.equal('none');
    expect(handoverOf(undefined, 'mine')).to.equal('none');
  });
  it('no session here: the link starts one', () => expect(handoverOf('link', undefined)).to.equal('take'));
  it('the same session: nothing to ask', () => expect(handoverOf('mine', 'mine')).to.equal('same'));
  it('another session: the player is asked, never switched silently', () => expect(handoverOf('link', 'mine')).to.equal('ask'));
});
