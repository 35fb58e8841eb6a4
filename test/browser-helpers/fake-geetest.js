// A classic script served as GEETEST_JS in test/elements/captcha.test.tsx: counts its runs and installs the fake vendor.
window.__captchaScriptRuns = (window.__captchaScriptRuns || 0) + 1;
window.__installFakeVendor();
