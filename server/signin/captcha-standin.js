/* global standInOverlay */
/*
 * wps-mobile captcha stand-in (docs/captcha.md): a local, offline replacement of the GeeTest
 * scripts with the same public API. Served as /captcha/gt.js (v3: window.initGeetest) and
 * /captcha/gt4.js (v4: window.initGeetest4) by the reference server (server/signin/captcha.ts).
 *
 * On verify() it shows an overlay with a 4-digit code to type. The code is readable on purpose:
 * this is for the demo and the tests, not a defence. Production points GEETEST_JS / GEETEST4_JS at
 * GeeTest itself.
 *
 * This file holds the behaviour (loading, the challenge, the answer, the vendor's API); the overlay's
 * look is captcha-standin-overlay.js (`standInOverlay`). The server joins the two into one classic
 * script inside one function: ES2017, no dependencies, no globals but the one it defines.
 */
(function () {
  'use strict';

  var VERSION = '__GEETEST_VERSION__';
  var EXTRA_TIMEOUT_MS = 3000; // the vendor's timeout for its extra resources (docs/product.md §9)
  var REQUEST_TIMEOUT_MS = 10000;

  /** The folder this script was loaded from (/captcha/): the stand-in's endpoints live beside it. */
  var script = document.currentScript;
  var BASE = new URL('./', script && script.src ? script.src : location.origin + '/captcha/').href;

  /** fetch with a timeout; resolves { status, body } (body: parsed JSON or null), rejects on network failure. */
  function request(url, init, timeoutMs, controllers) {
    var controller = typeof AbortController === 'function' ? new AbortController() : null;
    if (controller) controllers.add(controller);
    var timer = setTimeout(function () {
      if (controller) controller.abort();
    }, timeoutMs);
    var options = Object.assign({ credentials: 'omit', cache: 'no-store', mode: 'cors' }, init || {});
    if (controller) options.signal = controller.signal;
    var done = function () {
      clearTimeout(timer);
      if (controller) controllers.delete(controller);
    };
    return fetch(url, options)
      .then(function (res) {
        return res.text().then(function (text) {
          var body = null;
          try {
            body = JSON.parse(text);
          } catch (e) {
            body = null;
          }
          return { status: res.status, body: body };
        });
      })
      .then(
        function (answer) {
          done();
          return answer;
        },
        function (err) {
          done();
          throw err;
        },
      );
  }

  var later = function (fn) {
    setTimeout(fn, 0);
  };

  class StandInCaptcha {
    constructor(version, config) {
      this.version = version;
      this.config = config || {};
      this.handlers = {};
      /** loading → ready | error; destroyed at the end. */
      this.state = 'loading';
      this.lastError = null;
      this.result = null;
      this.overlay = null;
      this.controllers = new Set();
    }

    onReady(fn) {
      this.handlers.ready = fn;
      if (this.state === 'ready') later(() => this.emit('ready'));
      return this;
    }

    onSuccess(fn) {
      this.handlers.success = fn;
      return this;
    }

    onError(fn) {
      this.handlers.error = fn;
      if (this.state === 'error' && this.lastError) later(() => this.emit('error', this.lastError));
      return this;
    }

    onClose(fn) {
      this.handlers.close = fn;
      return this;
    }

    /** v3 'bind' needs no place in the page; kept for the vendor's API. */
    appendTo() {
      return this;
    }

    emit(name, arg) {
      var fn = this.handlers[name];
      if (typeof fn !== 'function') return;
      try {
        fn(arg);
      } catch (e) {
        later(function () {
          throw e;
        }); // the page's own error, reported without breaking the widget
      }
    }

    fail(code, msg) {
      if (this.state === 'destroyed') return;
      this.state = 'error';
      this.lastError = { code: code, msg: msg };
      this.emit('error', this.lastError);
    }

    /** The extra resource the vendor also loads before it is ready (60205 when it does not come). */
    load() {
      if (this.version === 'v3' && !(this.config.gt && this.config.challenge))
        return this.fail('60001', 'gt and challenge are required');
      if (this.version === 'v4' && !this.config.captchaId) return this.fail('60001', 'captchaId is required');
      request(BASE + 'extra.js', {}, EXTRA_TIMEOUT_MS, this.controllers).then(
        (res) => {
          if (this.state !== 'loading') return;
          if (res.status !== 200) return this.fail('60205', 'Network failure');
          this.state = 'ready';
          this.emit('ready');
        },
        () => {
          if (this.state === 'loading') this.fail('60205', 'Network failure');
        },
      );
    }

    /** Shows the challenge (product 'bind'). Ignored unless ready and not already showing. */
    verify() {
      if (this.state !== 'ready' || this.overlay) return;
      this.open();
    }

    /** v4 calls it showCaptcha. */
    showCaptcha() {
      this.verify();
    }

    getValidate() {
      return this.result ? Object.assign({}, this.result) : false;
    }

    reset() {
      this.result = null;
      this.close(false);
    }

    destroy() {
      this.close(false);
      this.controllers.forEach(function (c) {
        c.abort();
      });
      this.controllers.clear();
      this.handlers = {};
      this.state = 'destroyed';
    }

    // ---- the overlay ----

    open() {
      var parts = standInOverlay.build(this.version);
      var host = parts.host;
      var root = parts.root;
      var input = parts.input;
      var confirm = parts.confirm;
      var closeButton = parts.closeButton;
      var overlay = {
        host: host,
        input: input,
        code: parts.code,
        status: parts.status,
        confirm: confirm,
        previous: document.activeElement,
        lot: null,
      };
      this.overlay = overlay;

      closeButton.addEventListener('click', () => this.close(true));
      parts.form.addEventListener('submit', (event) => {
        event.preventDefault();
        this.answer(overlay);
      });
      parts.box.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          this.close(true);
        } else if (event.key === 'Tab') {
          // Keep the focus inside the dialog.
          var focusable = [input, confirm, closeButton].filter(function (el) {
            return !el.disabled;
          });
          var i = focusable.indexOf(root.activeElement);
          var next = event.shiftKey ? i - 1 : i + 1;
          event.preventDefault();
          focusable[(next + focusable.length) % focusable.length].focus();
        }
      });
      (document.body || document.documentElement).appendChild(host);
      closeButton.focus();
      this.question(overlay);
    }

    question(overlay) {
      var url =
        this.version === 'v3'
          ? BASE + 'local/question?challenge=' + encodeURIComponent(this.config.challenge)
          : BASE + 'local/load?captchaId=' + encodeURIComponent(this.config.captchaId);
      request(url, {}, REQUEST_TIMEOUT_MS, this.controllers).then(
        (res) => {
          if (this.overlay !== overlay) return;
          if (res.status !== 200 || !res.body || typeof res.body.code !== 'string') {
            this.close(false);
            return this.fail('60100', (res.body && res.body.message) || 'The captcha could not be loaded');
          }
          overlay.lot = res.body.lot_number || null;
          overlay.code.textContent = res.body.code;
          overlay.input.disabled = false;
          overlay.confirm.disabled = false;
          overlay.input.focus();
        },
        () => {
          if (this.overlay !== overlay) return;
          this.close(false);
          this.fail('60100', 'Network failure');
        },
      );
    }

    answer(overlay) {
      var value = overlay.input.value.trim();
      if (!value) {
        overlay.status.textContent = 'Enter the code';
        overlay.input.focus();
        return;
      }
      overlay.confirm.disabled = true;
      var body =
        this.version === 'v3' ? { challenge: this.config.challenge, answer: value } : { lot_number: overlay.lot, answer: value };
      // text/plain: a simple request, no preflight even from another origin.
      var init = { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) };
      request(BASE + 'local/answer', init, REQUEST_TIMEOUT_MS, this.controllers).then(
        (res) => {
          if (this.overlay !== overlay) return;
          overlay.confirm.disabled = false;
          if (res.status === 200 && res.body) {
            this.result =
              this.version === 'v3'
                ? {
                    geetest_challenge: this.config.challenge,
                    geetest_validate: res.body.validate,
                    geetest_seccode: res.body.validate + '|jordan',
                  }
                : {
                    lot_number: res.body.lot_number,
                    captcha_output: res.body.captcha_output,
                    pass_token: res.body.pass_token,
                    gen_time: res.body.gen_time,
                  };
            this.close(false);
            this.emit('success');
          } else if (res.body && res.body.errorCode === 'captcha.answer.wrong') {
            // A wrong answer is no error: the player tries again.
            overlay.status.textContent = 'Try again';
            overlay.input.value = '';
            overlay.input.focus();
          } else {
            this.close(false);
            this.fail('60101', (res.body && res.body.message) || 'Verification failed');
          }
        },
        () => {
          if (this.overlay !== overlay) return;
          this.close(false);
          this.fail('60101', 'Network failure');
        },
      );
    }

    /** Removes the overlay; `byPlayer`: the player closed it (onClose). */
    close(byPlayer) {
      var overlay = this.overlay;
      if (!overlay) return;
      this.overlay = null;
      overlay.host.remove();
      if (overlay.previous && typeof overlay.previous.focus === 'function') overlay.previous.focus();
      if (byPlayer) this.emit('close');
    }
  }

  function init(version) {
    return function (config, callback) {
      var captcha = new StandInCaptcha(version, config);
      // Like the vendor: the callback comes after the call returns, then the resources load.
      later(function () {
        try {
          if (typeof callback === 'function') callback(captcha);
        } finally {
          captcha.load();
        }
      });
      return captcha;
    };
  }

  if (VERSION === 'v4') window.initGeetest4 = init('v4');
  else window.initGeetest = init('v3');
})();
