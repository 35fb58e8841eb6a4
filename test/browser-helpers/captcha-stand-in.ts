/**
 * A stand-in `<wps-captcha>` for the forms' tests (the real one's own tests:
 * test/elements/captcha.test.tsx): each challenge passes with `{ geetestValidateV4: 'v4-pass' }`, or
 * is closed unsolved while `refuse` is set; challenges and renewals are counted. Defined on import,
 * before a form's loader could define the real element (which then leaves it in place).
 */
export const captchas = { solved: 0, renewed: 0, refuse: false };

if (!customElements.get('wps-captcha'))
  customElements.define(
    'wps-captcha',
    class extends HTMLElement {
      verify() {
        captchas.solved++;
        return captchas.refuse ? Promise.reject(new Error('closed')) : Promise.resolve({ geetestValidateV4: 'v4-pass' });
      }
      retry() {
        captchas.renewed++;
      }
      reset() {}
    },
  );
