/*
 * wps-mobile captcha stand-in, its look (docs/captcha.md): the overlay's styles and the DOM of its
 * dialog. The reference server joins this file and captcha-standin.js (the behaviour) into one
 * classic script, /captcha/gt.js and /captcha/gt4.js, inside one function, so `standInOverlay` is
 * no global of the page (server/signin/captcha.ts).
 *
 * ES2017, no dependencies. The styles are adopted through a constructable stylesheet (no style
 * element, no style attribute), so a CSP without 'unsafe-inline' styles is fine.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- captcha-standin.js uses it; the server joins that file after this one
var standInOverlay = (function () {
  'use strict';

  var CSS = [
    ':host { all: initial; position: fixed; top: 0; right: 0; bottom: 0; left: 0; z-index: 2147483647;',
    '  display: flex; align-items: center; justify-content: center; font: 16px/1.4 system-ui, -apple-system, sans-serif; }',
    '.backdrop { position: absolute; top: 0; right: 0; bottom: 0; left: 0; background: rgba(0, 0, 0, 0.55); }',
    '.box { position: relative; box-sizing: border-box; width: 90vw; max-width: 320px; padding: 16px 20px;',
    '  background: #fff; color: #1a1a1a; border-radius: 10px; box-shadow: 0 8px 30px rgba(0, 0, 0, 0.35); }',
    '.title { margin: 0 0 4px; font-size: 18px; font-weight: 700; }',
    '.hint { margin: 0; color: #444; font-size: 14px; }',
    '.code { display: block; margin: 10px 0; text-align: center; font: 700 34px/1.2 ui-monospace, Menlo, Consolas, monospace;',
    '  letter-spacing: 0.3em; user-select: all; -webkit-user-select: all; }',
    'label { display: block; font-size: 14px; }',
    'input { display: block; box-sizing: border-box; width: 100%; margin-top: 4px; padding: 8px 10px; font: inherit;',
    '  font-size: 22px; letter-spacing: 0.2em; border: 1px solid #767676; border-radius: 6px; }',
    'input:focus, button:focus { outline: 3px solid #1a73e8; outline-offset: 1px; }',
    '.status { min-height: 1.4em; margin: 6px 0; color: #b00020; font-size: 14px; }',
    '.buttons { display: flex; justify-content: flex-end; }',
    'button { min-width: 88px; min-height: 44px; margin-left: 8px; padding: 8px 14px; font: inherit; border-radius: 6px;',
    '  border: 1px solid #767676; background: #f2f2f2; color: #1a1a1a; cursor: pointer; }',
    'button.primary { border-color: #b3001b; background: #b3001b; color: #fff; }',
    'button:disabled { opacity: 0.6; cursor: default; }',
  ].join('\n');

  var sheet = null;
  function adoptStyles(root) {
    if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
      try {
        if (!sheet) {
          sheet = new CSSStyleSheet();
          sheet.replaceSync(CSS);
        }
        root.adoptedStyleSheets = [sheet];
        return true;
      } catch (e) {
        // an older engine: constructable stylesheets are not there yet
      }
    }
    return false;
  }

  /** Without constructable stylesheets: the few properties that make it usable, through the CSSOM (CSP-safe). */
  function fallbackStyles(host, parts) {
    var set = function (el, props) {
      Object.keys(props).forEach(function (k) {
        el.style.setProperty(k, props[k]);
      });
    };
    set(host, {
      position: 'fixed',
      top: '0',
      right: '0',
      bottom: '0',
      left: '0',
      'z-index': '2147483647',
      display: 'flex',
      'align-items': 'center',
      'justify-content': 'center',
      'font-family': 'sans-serif',
    });
    set(parts.backdrop, { position: 'absolute', top: '0', right: '0', bottom: '0', left: '0', background: 'rgba(0,0,0,0.55)' });
    set(parts.box, {
      position: 'relative',
      background: '#fff',
      color: '#1a1a1a',
      padding: '16px 20px',
      'border-radius': '10px',
      width: '90vw',
      'max-width': '320px',
      'box-sizing': 'border-box',
    });
    set(parts.code, {
      display: 'block',
      'font-size': '34px',
      'font-weight': '700',
      'text-align': 'center',
      'letter-spacing': '0.3em',
    });
  }

  /** A small element builder: h('p', { class: 'x' }, 'text', child). */
  function h(tag, attrs) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      el.setAttribute(name, attrs[name]);
    });
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return el;
  }

  /** The dialog in an open shadow root of a new host element (not yet in the page), and its parts. */
  function build(version) {
    var host = h('div', { 'data-captcha-standin': version });
    var root = host.attachShadow({ mode: 'open' });
    var backdrop = h('div', { class: 'backdrop' });
    var code = h('strong', { class: 'code', part: 'code', 'aria-live': 'polite' }, '…');
    var input = h('input', {
      name: 'code',
      inputmode: 'numeric',
      autocomplete: 'one-time-code',
      maxlength: '4',
      pattern: '[0-9]*',
      disabled: '',
    });
    var status = h('p', { class: 'status', role: 'status' });
    var confirm = h('button', { type: 'submit', class: 'primary', disabled: '' }, 'Confirm');
    var closeButton = h('button', { type: 'button' }, 'Close');
    var form = h(
      'form',
      { novalidate: '' },
      h('label', {}, 'Code', input),
      status,
      h('div', { class: 'buttons' }, confirm, closeButton),
    );
    var box = h(
      'div',
      { class: 'box', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Security check', 'aria-describedby': 'hint' },
      h('p', { class: 'title' }, 'Security check'),
      h('p', { class: 'hint', id: 'hint' }, 'Type the code below to continue.'),
      code,
      form,
    );
    root.appendChild(backdrop);
    root.appendChild(box);
    if (!adoptStyles(root)) fallbackStyles(host, { backdrop: backdrop, box: box, code: code });

    return {
      host: host,
      root: root,
      box: box,
      form: form,
      code: code,
      input: input,
      status: status,
      confirm: confirm,
      closeButton: closeButton,
    };
  }

  return { build: build };
})();
