/**
 * The auto-login flags as a page starts (src/core/session/autoLogin.ts; docs/product.md §2, §4). A file
 * of its own, so the page is fresh: the other tests set both flags in their hooks. On a page no /m boot
 * has touched (a merchant's page with the elements), nothing turned auto login off and none runs: the
 * login form may log a remembered player in, and the announcement does not wait for an auto login.
 */
import { expect } from 'chai';
import { autoLoginDisabled, autoLoginPending } from '../../src/core/session/autoLogin.ts';

const atLoad = { disabled: autoLoginDisabled.value, pending: autoLoginPending.value };

describe('auto login as the page starts (docs/product.md §4)', () => {
  it('is not turned off: only redirectUrl or backUrl in the query turn it off', () => {
    expect(atLoad.disabled).to.equal(false);
  });

  it('is not pending: only the /m boot starts one, so nothing waits for it', () => {
    expect(atLoad.pending).to.equal(false);
  });
});
