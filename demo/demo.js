/*
 * The merchant demo page (/demo/). Loaded before the element script: it sets window.WPS_CONFIG and
 * the theme, then wires the page once parsed (theme and language switches, the buttons that add
 * overlay elements, the event log). A plain classic script and no inline code, so the page runs
 * under the server's strict CSP.
 */
(() => {
  'use strict';

  // On one loopback name the operator is the other one (same server), so this page embeds the
  // elements cross-origin exactly as a merchant's site does; on any other host, its own origin.
  const OTHER_LOOPBACK = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };
  const other = OTHER_LOOPBACK[location.hostname];
  const apiBase = other ? `${location.protocol}//${other}${location.port ? `:${location.port}` : ''}` : location.origin;
  window.WPS_CONFIG = { merchant: 'demo', apiBase };

  /** "Show the app upgrade": this load runs as if inside the native app of this version (see setUpAppUpgrade). */
  const APP_PREVIEW_KEY = 'demo:appPreview';
  const APP_PREVIEW_VERSION = '2.4.10';
  let appPreview = false;
  try {
    appPreview = sessionStorage.getItem(APP_PREVIEW_KEY) !== null;
    sessionStorage.removeItem(APP_PREVIEW_KEY); // one load only: the next reload is a browser again
  } catch {
    // no session storage: no preview
  }
  if (appPreview) {
    // The app's web view adds WPSApp/<version> to its user agent; the elements read navigator.userAgent.
    const ua = `${navigator.userAgent} WPSApp/${APP_PREVIEW_VERSION}`;
    Object.defineProperty(navigator, 'userAgent', { get: () => ua, configurable: true });
  }

  /** Every theme sets the same tokens, so switching replaces all of them. */
  const THEMES = {
    operator: {
      '--wps-color-primary': '#d62f3a',
      '--wps-color-on-primary': '#ffffff',
      '--wps-color-surface': '#ffffff',
      '--wps-color-text': '#1d1d1f',
      '--wps-color-muted': '#5b5b66',
      '--wps-color-error': '#b3261e',
      '--wps-radius': '12px',
      '--wps-download-bar-bg': '#fff8f0',
      '--wps-status-bg': '#f7f7f9',
      '--wps-country-picker-border': '#c9c9d1',
      '--wps-country-picker-active': '#f0f0f4',
      '--wps-captcha-bg': '#ffffff',
      '--wps-captcha-border': '#d0d0d7',
      '--wps-captcha-success': '#137333',
      '--wps-captcha-error': '#b3261e',
    },
    night: {
      '--wps-color-primary': '#ff6b76',
      '--wps-color-on-primary': '#16171b',
      '--wps-color-surface': '#16171b',
      '--wps-color-text': '#f1f1f4',
      '--wps-color-muted': '#a8aab4',
      '--wps-color-error': '#ff8a80',
      '--wps-radius': '8px',
      '--wps-download-bar-bg': '#23252c',
      '--wps-status-bg': '#111215',
      '--wps-country-picker-border': '#4a4d57',
      '--wps-country-picker-active': '#2a2d35',
      '--wps-captcha-bg': '#1f2126',
      '--wps-captcha-border': '#4a4d57',
      '--wps-captcha-success': '#6fdc8c',
      '--wps-captcha-error': '#ff8a80',
    },
    emerald: {
      '--wps-color-primary': '#0b7a55',
      '--wps-color-on-primary': '#ffffff',
      '--wps-color-surface': '#ffffff',
      '--wps-color-text': '#0f241c',
      '--wps-color-muted': '#4a5d55',
      '--wps-color-error': '#b3261e',
      '--wps-radius': '20px',
      '--wps-download-bar-bg': '#e6f4ee',
      '--wps-status-bg': '#f1f8f5',
      '--wps-country-picker-border': '#b5cbc1',
      '--wps-country-picker-active': '#e3f1eb',
      '--wps-captcha-bg': '#ffffff',
      '--wps-captcha-border': '#b5cbc1',
      '--wps-captcha-success': '#0b7a55',
      '--wps-captcha-error': '#b3261e',
    },
  };

  const themeCss = (tokens) =>
    `:root {\n${Object.entries(tokens)
      .map(([name, value]) => `  ${name}: ${value};`)
      .join('\n')}\n}`;

  function applyTheme(name) {
    for (const [prop, value] of Object.entries(THEMES[name])) document.documentElement.style.setProperty(prop, value);
  }
  applyTheme('operator');

  /** The `wps-*` events of docs/elements.md. */
  const EVENTS = [
    'wps-download',
    'wps-close',
    'wps-confirm',
    'wps-cancel',
    'wps-timeout',
    'wps-contact',
    'wps-update-available',
    'wps-refresh',
    'wps-offline',
    'wps-online',
    'wps-line-unstable',
    'wps-line',
    'wps-change',
    'wps-captcha-ready',
    'wps-captcha-success',
    'wps-captcha-error',
    'wps-captcha-close',
    'wps-verified',
    'wps-login',
    'wps-register',
    'wps-install-shown',
    'wps-install-accepted',
    'wps-install-dismissed',
    'wps-installed',
    'wps-announcement-shown',
    'wps-announcement-activity',
    'wps-chat-launch',
    'wps-vip-benefits',
    'wps-upgrade',
    'wps-image-ready',
    'wps-image-shown',
    'wps-image-saved',
    'wps-minigame-open',
    'wps-minigame-close',
    'wps-minigame-move',
  ];
  /**
   * Cancelable events this page cancels: no app download or upgrade, or move to the operator's /m
   * (where this page's session is not) from a demo. The chat button's launch and customer service go
   * on: the demo server's chat page links back here, its support chat opens in a tab of its own.
   */
  const KEPT_ON_PAGE = new Set([
    'wps-download',
    'wps-upgrade',
    'wps-login',
    'wps-register',
    'wps-announcement-activity',
    'wps-vip-benefits',
  ]);
  const LOG_LIMIT = 50;

  /** The elements read the stored choice (JSON text, as they write it) when they start. */
  const LANGUAGE_KEY = 'wps:language';
  /** The elements' session on this page's origin (docs/product.md, storage keys): `{ token, userName, … }`. */
  const SESSION_KEY = 'wps:session';
  /** The app upgrade's "Later" and the image popups' "Save image" for the session; the image popups' saved pictures. */
  const APP_UPGRADE_HIDDEN_KEY = 'wps:appUpgradeHidden';
  const IMAGE_POPUP_KEY = /^wps:imagePopup/;
  const DOWNLOAD_BAR_HIDDEN_KEY = 'wps:downloadBarHidden';
  /** Where the announcement popups keep a close or a tick: SHELL_PU_B (a visitor), SHELL_PU_A_<member id>. */
  const ANNOUNCEMENT_KEY = /^SHELL_PU_(?:B$|A_)/;

  const $ = (id) => document.getElementById(id);

  function addElement(tag, attributes = {}) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    return el;
  }

  function storedLanguage() {
    try {
      return JSON.parse(localStorage.getItem(LANGUAGE_KEY) ?? '""');
    } catch {
      return '';
    }
  }

  function setLanguage(code) {
    const api = window.WpsElements;
    if (code && typeof api?.setLanguage === 'function') {
      api.setLanguage(code);
      return;
    }
    // A loader without the global, or back to the browser's language (the API has no "automatic").
    try {
      if (code) localStorage.setItem(LANGUAGE_KEY, JSON.stringify(code));
      else localStorage.removeItem(LANGUAGE_KEY);
    } catch {
      return; // storage is off: nothing would survive the reload
    }
    location.reload();
  }

  function setUpTheme() {
    const css = $('theme-css');
    const show = (name) => {
      applyTheme(name);
      css.textContent = themeCss(THEMES[name]);
      $('copy-status').textContent = '';
    };
    for (const radio of document.querySelectorAll('input[name="theme"]')) {
      const tokens = THEMES[radio.value];
      const swatch = radio.parentElement.querySelector('.swatch');
      swatch.style.setProperty('--swatch-primary', tokens['--wps-color-primary']);
      swatch.style.setProperty('--swatch-surface', tokens['--wps-color-surface']);
      radio.addEventListener('change', () => show(radio.value));
    }
    show(document.querySelector('input[name="theme"]:checked').value);

    $('copy-css').addEventListener('click', async () => {
      const status = $('copy-status');
      try {
        await navigator.clipboard.writeText(css.textContent);
        status.textContent = 'Copied.';
      } catch {
        // No clipboard outside a secure context: select the text for the phone's own Copy.
        getSelection().selectAllChildren(css);
        status.textContent = 'Selected: copy it from the menu.';
      }
    });
  }

  function setUpLanguage() {
    const select = $('language');
    const stored = storedLanguage();
    select.value = [...select.options].some((o) => o.value === stored) ? stored : '';
    select.addEventListener('change', () => setLanguage(select.value));
    if (typeof window.WpsElements?.setLanguage !== 'function') {
      $('language-note').textContent = "The page reloads with the chosen language; this page's own text stays English.";
    }
  }

  function setUpEmbedCode() {
    $('embed-code').textContent =
      `<script src="${apiBase}/elements/wps-elements.js"></script>\n` +
      `<wps-download-bar merchant="demo" api-base="${apiBase}"></wps-download-bar>`;
    $('origin-note').textContent =
      apiBase === location.origin
        ? `Here the page and the operator share one origin (${apiBase}); on your site the operator is another origin that lists yours as allowed.`
        : `This page (${location.origin}) calls the operator at ${apiBase}: another origin, as from your site. The operator lets it in because it runs in demo mode, where its own origins on its port are allowed; for your site it lists your origin in the merchant's allowedOrigins.`;
  }

  function setUpChips() {
    for (const chip of document.querySelectorAll('.chip[data-tag]')) {
      chip.textContent = 'Not loaded yet';
      customElements.whenDefined(chip.dataset.tag).then(() => {
        chip.textContent = 'Loaded';
        chip.classList.add('loaded');
      });
    }
  }

  function setUpDownloadBar() {
    const button = $('show-bar');
    let hidden = false;
    try {
      hidden = sessionStorage.getItem(DOWNLOAD_BAR_HIDDEN_KEY) !== null;
    } catch {
      // no session storage: the bar cannot have been hidden for the session either
    }
    button.hidden = !hidden;
    document.addEventListener('wps-close', (e) => {
      if (e.target.localName === 'wps-download-bar') button.hidden = false;
    });
    // The bar reads the flag when it starts: forget it, then load the page again.
    button.addEventListener('click', () => {
      try {
        sessionStorage.removeItem(DOWNLOAD_BAR_HIDDEN_KEY);
      } catch {
        // no session storage: the flag lived in the closed page only
      }
      location.reload();
    });
  }

  function setUpOverlays() {
    let notice;
    $('open-notice').addEventListener('click', () => {
      notice ??= addElement('wps-notice', {
        heading: 'Weekend bonus',
        message: 'Buy five tickets before Sunday and get the sixth free.',
        'confirm-text': 'Get the bonus',
        'cancel-text': 'Later',
      });
      notice.setAttribute('open', '');
    });

    let spinner;
    $('open-spinner').addEventListener('click', () => {
      spinner ??= addElement('wps-spinner', { timeout: '3000' });
      spinner.setAttribute('open', '');
    });

    // The install overlays, opened by hand (on a phone they come by themselves on /m/home).
    const install = {};
    const openInstall = (tag, attributes = {}) => {
      install[tag] ??= addElement(tag, { delay: '0' });
      for (const [name, value] of Object.entries(attributes)) install[tag].setAttribute(name, value);
      install[tag].setAttribute('open', '');
    };
    $('open-install-prompt').addEventListener('click', () => openInstall('wps-install-prompt'));
    $('open-ios-guide').addEventListener('click', () => openInstall('wps-ios-guide', { mode: 'guide' }));
    $('open-ios-footer').addEventListener('click', () => openInstall('wps-ios-guide', { mode: 'footer' }));
    $('open-inapp-guide').addEventListener('click', () => openInstall('wps-inapp-guide', { app: 'TikTok' }));

    setUpAnnouncements();

    let twoFactor;
    $('open-two-factor').addEventListener('click', async () => {
      twoFactor ??= addElement('wps-two-factor');
      await customElements.whenDefined('wps-two-factor');
      // Its outcome also arrives as wps-verified / wps-close in the log.
      // The demo merchant offers the possession factors only (docs/server.md "Security").
      twoFactor.open({ username: 'guard', password: 'Guard1234', flags: { sms: true, ga: true } });
    });

    // The status screens cover the whole page (and bring their own main landmark): the page behind
    // goes inert, and one button above them ends the preview.
    const end = $('end-preview');
    const covered = document.querySelectorAll('.site-header, main, .site-footer, .chat-corner, .log');
    let preview;
    let opener;
    const cover = (on) => {
      for (const part of covered) part.inert = on;
      end.hidden = !on;
    };
    const endPreview = () => {
      if (!preview) return;
      preview.remove();
      preview = undefined;
      cover(false);
      opener?.focus();
    };
    for (const button of document.querySelectorAll('button[data-preview]')) {
      button.addEventListener('click', () => {
        endPreview();
        opener = button;
        preview = addElement(button.dataset.preview, { force: '' });
        cover(true);
        end.focus();
      });
    }
    end.addEventListener('click', endPreview);
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') endPreview();
    });
  }

  /** Removes this page's keys that match `pattern` from both storages. */
  function forgetKeys(pattern) {
    for (const area of ['sessionStorage', 'localStorage']) {
      try {
        const storage = window[area];
        for (const key of Object.keys(storage)) if (pattern.test(key)) storage.removeItem(key);
      } catch {
        // storage is off: nothing was kept either
      }
    }
  }

  /** The download popup, the image popups and the app upgrade: on /m they come by themselves. */
  function setUpInstallFamily() {
    let downloads;
    $('open-download-popup').addEventListener('click', () => {
      downloads ??= addElement('wps-download-popup');
      downloads.setAttribute('open', '');
    });

    const imageStatus = $('open-image-popup-status');
    let images;
    $('open-image-popup').addEventListener('click', () => {
      images?.remove();
      forgetKeys(IMAGE_POPUP_KEY);
      // Opened by the player's tap: outside the attention budget, and again on the next press.
      images = addElement('wps-image-popup', { groups: 'm_popup1,m_popup2', open: '' });
      imageStatus.textContent = 'They show in about half a second.';
    });
    document.addEventListener('wps-image-ready', (e) => {
      if (e.target !== images) return;
      imageStatus.textContent = e.detail?.count ? '' : 'Nothing to show: the operator has no download pictures now.';
    });
    document.addEventListener('wps-image-shown', (e) => {
      if (e.target === images) imageStatus.textContent = '';
    });

    $('open-app-upgrade').addEventListener('click', () => {
      try {
        sessionStorage.setItem(APP_PREVIEW_KEY, APP_PREVIEW_VERSION);
        sessionStorage.removeItem(APP_UPGRADE_HIDDEN_KEY);
      } catch {
        $('app-preview-note').textContent = 'The preview needs session storage, which this browser refuses.';
        $('app-preview-note').hidden = false;
        return;
      }
      location.hash = 'el-app-upgrade';
      location.reload();
    });
    if (appPreview) {
      $('app-preview-note').hidden = false;
      addElement('wps-app-upgrade');
    }
  }

  /** The mini game is a script of its own (docs/mini-game.md): the button adds its one tag. */
  function setUpMiniGame() {
    const button = $('add-mini-game');
    const status = $('add-mini-game-status');
    button.addEventListener('click', () => {
      button.disabled = true;
      const script = document.createElement('script');
      script.src = `${apiBase}/mini-game/minigame.js`;
      script.addEventListener('load', () => {
        status.textContent = 'Added: the ball is at the right edge, 60% down the screen.';
      });
      script.addEventListener('error', () => {
        status.textContent = 'The script could not be loaded.';
        button.disabled = false;
        script.remove();
      });
      document.head.append(script);
    });
  }

  /**
   * The page's own member area (docs/elements.md, "Sessions on a merchant page": the forms stay here
   * and the merchant shows what comes next). Signed in after the forms' wps-login or wps-register, and
   * after a reload while the elements' session lasts; Log out ends it on the operator and starts the
   * page again as a visitor.
   */
  function setUpAccount() {
    const show = (userName) => {
      const signedIn = userName !== undefined;
      $('account-login').hidden = signedIn;
      $('account-member').hidden = !signedIn;
      $('login-live').hidden = signedIn;
      $('login-done').hidden = !signedIn;
      $('account-name').textContent = userName ?? '';
      $('login-done-name').textContent = userName ?? '';
    };
    const stored = storedSession();
    show(stored ? (stored.userName ?? 'member') : undefined);
    for (const type of ['wps-login', 'wps-register']) {
      document.addEventListener(type, (e) => show(e.detail?.userName ?? storedSession()?.userName ?? 'member'));
    }
    // The two-factor check signs the player in by itself.
    document.addEventListener('wps-verified', (e) => {
      const userName = e.detail?.value?.userName;
      if (userName) show(userName);
    });

    $('logout').addEventListener('click', async () => {
      const session = storedSession();
      $('logout').disabled = true;
      if (session?.token) {
        // docs/api.md: POST /wps/session/logout ends the session on the operator (best effort).
        await fetch(`${apiBase}/wps/session/logout`, {
          method: 'POST',
          headers: { Merchant: 'demo', Authorization: session.token },
          credentials: 'include',
        }).catch(() => undefined);
      }
      try {
        sessionStorage.removeItem(SESSION_KEY);
      } catch {
        // nothing stored
      }
      // Every element starts again as a visitor's.
      location.reload();
    });
  }

  function storedSession() {
    try {
      const session = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null');
      return session && typeof session.token === 'string' ? session : undefined;
    } catch {
      return undefined;
    }
  }

  /** Forgets that an announcement popup was closed or ticked on this page (both storages). */
  function forgetAnnouncements() {
    forgetKeys(ANNOUNCEMENT_KEY);
  }

  /**
   * The announcement popups, added by their buttons (on the operator's home they come by themselves).
   * A press forgets earlier closes first, so the popup shows every time; once closed it leaves the page,
   * so a login afterwards does not bring the members' popup unasked.
   */
  function setUpAnnouncements() {
    const WAIT_MS = 6000;
    for (const [tag, id] of [
      ['wps-announcement', 'open-announcement'],
      ['wps-notice-popup', 'open-notice-popup'],
    ]) {
      const status = $(`${id}-status`);
      let popup;
      let timer;
      $(id).addEventListener('click', () => {
        popup?.remove();
        forgetAnnouncements();
        // Opened by the player's tap: outside the attention budget, and again on the next press.
        popup = addElement(tag, { open: '' });
        status.textContent = 'It shows in about 1.5 seconds.';
        clearTimeout(timer);
        timer = setTimeout(() => {
          status.textContent = 'Nothing to show: no announcements for you now, or another overlay is open.';
        }, WAIT_MS);
      });
      document.addEventListener('wps-announcement-shown', (e) => {
        if (e.target !== popup) return;
        clearTimeout(timer);
        status.textContent = '';
      });
      document.addEventListener('wps-close', (e) => {
        if (e.target !== popup) return;
        const closed = popup;
        popup = undefined;
        setTimeout(() => closed.remove()); // after the element has finished its own close
      });
    }
  }

  function describe(detail) {
    if (detail === undefined || detail === null) return '';
    // A login's answer carries the session token: not for the screen.
    const text = JSON.stringify(detail, (key, value) => (/token/i.test(key) ? '…' : value));
    return text.length > 140 ? `${text.slice(0, 139)}…` : text;
  }

  /** Log entries that came before the page was parsed, shown once it is. */
  const early = [];
  let addToLog = (item, line) => early.push([item, line]);

  function onEvent(e) {
    const kept = KEPT_ON_PAGE.has(e.type) && e.cancelable;
    if (kept) e.preventDefault();
    const source = e.target instanceof Element ? e.target.localName : 'document';
    const line = `${e.type} from <${source}>${kept ? ' (kept on this page)' : ''}`;
    const item = document.createElement('li');
    const time = document.createElement('time');
    time.textContent = new Date().toLocaleTimeString('en-GB');
    const name = document.createElement('strong');
    name.textContent = line;
    item.append(time, ' ', name);
    const detail = describe(e.detail);
    if (detail) {
      const code = document.createElement('code');
      code.textContent = detail;
      item.append(' ', code);
    }
    addToLog(item, line);
  }

  function setUpLog() {
    const list = $('log-list');
    const last = $('log-last');
    const toggle = $('log-toggle');
    let count = 0;
    toggle.addEventListener('click', () => {
      const open = list.hidden;
      list.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      toggle.textContent = open ? 'Hide' : `Show all (${count})`;
    });
    addToLog = (item, line) => {
      list.prepend(item);
      list.children[LOG_LIMIT]?.remove();
      count += 1;
      last.textContent = line;
      if (list.hidden) toggle.textContent = `Show all (${count})`;
    };
    for (const [item, line] of early.splice(0)) addToLog(item, line);
  }

  // Listening from the start: the elements (defined by the next script) may report before the page is parsed.
  for (const type of EVENTS) document.addEventListener(type, onEvent);
  document.addEventListener('DOMContentLoaded', () => {
    setUpLog();
    setUpTheme();
    setUpLanguage();
    setUpEmbedCode();
    setUpChips();
    setUpDownloadBar();
    setUpOverlays();
    setUpInstallFamily();
    setUpMiniGame();
    setUpAccount();
  });
})();
