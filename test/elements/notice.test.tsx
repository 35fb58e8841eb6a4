/** `<wps-notice>` (docs/product.md §8 notices; docs/architecture.md, Elements: attributes, events, modal focus rules). */
import { expect } from 'chai';
import '../../elements/notice.tsx';
import { ensureI18n, language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices, showNotice } from '../../src/core/notice/notices.ts';
import { sessionGone } from '../../src/core/api/errors.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { deepActiveElement } from '../../src/ui/focus.ts';
import { activeOverlay, OVERLAY_PRIORITY, requestOverlay, resetOverlays } from '../../src/core/overlay/queue.ts';
import {
  expectAccessible,
  expectSameNode,
  has,
  mount,
  part,
  parts,
  recordEvents,
  sleep,
  unmountAll,
  waitFor,
} from '../browser-helpers/helpers.ts';

type NoticeElement = HTMLElement & { open?: boolean; heading?: string; message?: string; forced?: boolean };

const navigations: string[] = [];
setNavigator((path) => navigations.push(path));

const dialog = (el: Element) => part(el, 'dialog');
const buttons = (el: Element) => parts<HTMLButtonElement>(el, 'button');
const key = (target: EventTarget, k: string, shiftKey = false) => {
  const event = new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

async function opened(el: Element) {
  await waitFor(() => expect(has(el, 'dialog'), 'dialog shown').to.equal(true));
  return dialog(el)!;
}
async function closed(el: Element) {
  await waitFor(() => expect(has(el, 'dialog'), 'dialog hidden').to.equal(false));
}

function reset() {
  unmountAll();
  notices.value = [];
  navigations.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  language.value = 'EN';
  document.querySelectorAll('[data-test-outside]').forEach((n) => n.remove());
}

before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(reset);
afterEach(reset);

describe('<wps-notice> open', () => {
  it('a bare boolean attribute `open` shows the dialog; removing it hides it', async () => {
    const el = mount('<wps-notice open message="Hello"></wps-notice>');
    const d = await opened(el);
    expect(part(el, 'message')!.textContent).to.equal('Hello');
    expect(d.getAttribute('role')).to.equal('alertdialog');
    el.removeAttribute('open');
    await closed(el);
  });

  it('without `open` nothing shows; setAttribute("open", "") opens it', async () => {
    const el = mount('<wps-notice message="Hello"></wps-notice>');
    await sleep(50);
    expect(has(el, 'dialog')).to.equal(false);
    el.setAttribute('open', '');
    await opened(el);
  });

  it('open="false" keeps it closed', async () => {
    const el = mount('<wps-notice open="false" message="Hello"></wps-notice>');
    await sleep(50);
    expect(has(el, 'dialog')).to.equal(false);
  });

  it('the `open` property works both ways', async () => {
    const el = mount<NoticeElement>('<wps-notice message="Hello"></wps-notice>');
    el.open = true;
    await opened(el);
    expect(el.open).to.equal(true);
    el.open = false;
    await closed(el);
    expect(el.open).to.equal(false);
    el.open = true;
    await opened(el);
  });

  it('a dialog opened by the property closes on confirm', async () => {
    const el = mount<NoticeElement>('<wps-notice message="Hello"></wps-notice>');
    el.open = true;
    await opened(el);
    buttons(el)[0]!.click();
    await closed(el);
    expect(el.open).to.equal(false);
  });
});

describe('<wps-notice> content', () => {
  it('heading, message, confirm-text and cancel-text attributes', async () => {
    const el = mount('<wps-notice open heading="Title" message="Body text" confirm-text="Yes" cancel-text="No"></wps-notice>');
    await opened(el);
    expect(part(el, 'title')!.textContent).to.equal('Title');
    expect(part(el, 'message')!.textContent).to.equal('Body text');
    expect(buttons(el).map((b) => b.textContent)).to.deep.equal(['No', 'Yes']);
    expect(part(el, 'confirm')!.textContent).to.equal('Yes');
    expect(part(el, 'cancel')!.textContent).to.equal('No');
  });

  it('one button without cancel-text, labelled OK in the page language', async () => {
    const el = mount('<wps-notice open message="Body"></wps-notice>');
    await opened(el);
    expect(buttons(el).map((b) => b.textContent)).to.deep.equal(['OK']);
    expect(has(el, 'cancel')).to.equal(false);
    expect(has(el, 'title')).to.equal(false);
  });

  it('attribute changes re-render the open dialog', async () => {
    const el = mount('<wps-notice open message="First"></wps-notice>');
    await opened(el);
    el.setAttribute('message', 'Second');
    el.setAttribute('heading', 'Now with a title');
    await waitFor(() => expect(part(el, 'message')!.textContent).to.equal('Second'));
    await waitFor(() => expect(part(el, 'title')?.textContent).to.equal('Now with a title'));
    el.removeAttribute('heading');
    await waitFor(() => expect(has(el, 'title')).to.equal(false));
  });

  it('role alertdialog with an accessible name (the heading, else the message)', async () => {
    const el = mount('<wps-notice open heading="Session ended" message="Please log in"></wps-notice>');
    const d = await opened(el);
    expect(d.getAttribute('role')).to.equal('alertdialog');
    expect(d.getAttribute('aria-modal')).to.equal('true');
    const labelledBy = d.getAttribute('aria-labelledby')!;
    expect(el.shadowRoot!.getElementById(labelledBy)!.textContent).to.equal('Session ended');
    expect(el.shadowRoot!.getElementById(d.getAttribute('aria-describedby')!)!.textContent).to.equal('Please log in');

    const plain = mount('<wps-notice open message="Only a message"></wps-notice>');
    const d2 = await opened(plain);
    expect(plain.shadowRoot!.getElementById(d2.getAttribute('aria-labelledby')!)!.textContent).to.equal('Only a message');
  });
});

describe('<wps-notice> events', () => {
  it('confirm emits wps-confirm then wps-close { reason: "confirm" } and removes `open`', async () => {
    const el = mount('<wps-notice open message="M" cancel-text="No"></wps-notice>');
    await opened(el);
    const seen = recordEvents(document, ['wps-confirm', 'wps-cancel', 'wps-close']);
    part(el, 'confirm')!.click();
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-confirm', 'wps-close']);
    expect(seen.events[1]!.detail).to.deep.equal({ reason: 'confirm' });
    for (const e of seen.events) {
      expect(e.bubbles).to.equal(true);
      expect(e.composed).to.equal(true);
      expectSameNode(e.target, el);
    }
    expect(el.hasAttribute('open')).to.equal(false);
    await closed(el);
  });

  it('the cancel button emits wps-cancel then wps-close { reason: "cancel" }', async () => {
    const el = mount('<wps-notice open message="M" cancel-text="No"></wps-notice>');
    await opened(el);
    const seen = recordEvents(el, ['wps-confirm', 'wps-cancel', 'wps-close']);
    part(el, 'cancel')!.click();
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-cancel', 'wps-close']);
    expect(seen.events[1]!.detail).to.deep.equal({ reason: 'cancel' });
    expect(el.hasAttribute('open')).to.equal(false);
    await closed(el);
  });

  it('Escape emits wps-cancel and wps-close { reason: "cancel" }', async () => {
    const el = mount('<wps-notice open message="M"></wps-notice>');
    await opened(el);
    await waitFor(() => expectSameNode(deepActiveElement(), buttons(el)[0]));
    const seen = recordEvents(el, ['wps-confirm', 'wps-cancel', 'wps-close']);
    key(deepActiveElement()!, 'Escape');
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-cancel', 'wps-close']);
    expect(seen.events[1]!.detail).to.deep.equal({ reason: 'cancel' });
    await closed(el);
  });

  it('Escape and the backdrop do nothing when `forced`', async () => {
    const el = mount('<wps-notice open forced message="M"></wps-notice>');
    await opened(el);
    await waitFor(() => expectSameNode(deepActiveElement(), buttons(el)[0]));
    const seen = recordEvents(el, ['wps-cancel', 'wps-close']);
    key(deepActiveElement()!, 'Escape');
    part(el, 'backdrop')!.click();
    await sleep(50);
    seen.stop();
    expect(seen.types()).to.deep.equal([]);
    expect(has(el, 'dialog')).to.equal(true);
    expect(el.hasAttribute('open')).to.equal(true);
  });

  it('a click on the backdrop cancels an ordinary notice, a click inside the dialog does not', async () => {
    const el = mount('<wps-notice open message="M"></wps-notice>');
    await opened(el);
    const seen = recordEvents(el, ['wps-cancel', 'wps-close']);
    part(el, 'message')!.click();
    expect(seen.types()).to.deep.equal([]);
    part(el, 'backdrop')!.click();
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-cancel', 'wps-close']);
    await closed(el);
  });
});

describe('<wps-notice> focus (modal rules)', () => {
  function outsideButton() {
    const b = document.createElement('button');
    b.textContent = 'Opener';
    b.dataset.testOutside = '';
    document.body.append(b);
    return b;
  }

  it('focus moves into the dialog on open and returns to the opener on close', async () => {
    const opener = outsideButton();
    opener.focus();
    expectSameNode(document.activeElement, opener);
    const el = mount('<wps-notice message="M" cancel-text="No"></wps-notice>');
    el.setAttribute('open', '');
    await opened(el);
    await waitFor(() => expectSameNode(deepActiveElement(), buttons(el)[0]));
    expect(el.shadowRoot!.contains(deepActiveElement())).to.equal(true);
    part(el, 'confirm')!.click();
    await closed(el);
    await waitFor(() => expectSameNode(document.activeElement, opener));
  });

  it('focus returns after Escape too', async () => {
    const opener = outsideButton();
    opener.focus();
    const el = mount('<wps-notice message="M"></wps-notice>');
    el.setAttribute('open', '');
    await opened(el);
    await waitFor(() => expectSameNode(deepActiveElement(), buttons(el)[0]));
    key(deepActiveElement()!, 'Escape');
    await closed(el);
    await waitFor(() => expectSameNode(document.activeElement, opener));
  });

  it('Tab from the last button wraps to the first; Shift+Tab from the first wraps to the last', async () => {
    const el = mount('<wps-notice open message="M" cancel-text="No" confirm-text="Yes"></wps-notice>');
    await opened(el);
    const [first, last] = buttons(el);
    await waitFor(() => expectSameNode(deepActiveElement(), first));

    last!.focus();
    const tab = key(last!, 'Tab');
    expect(tab.defaultPrevented).to.equal(true);
    expectSameNode(deepActiveElement(), first);

    const back = key(first!, 'Tab', true);
    expect(back.defaultPrevented).to.equal(true);
    expectSameNode(deepActiveElement(), last);

    // Tab between the two is left to the browser (it stays inside on its own).
    first!.focus();
    const inner = key(first!, 'Tab');
    expect(inner.defaultPrevented).to.equal(false);
  });

  it('with one button Tab and Shift+Tab stay on it', async () => {
    const el = mount('<wps-notice open message="M"></wps-notice>');
    await opened(el);
    const [only] = buttons(el);
    await waitFor(() => expectSameNode(deepActiveElement(), only));
    expect(key(only!, 'Tab').defaultPrevented).to.equal(true);
    expectSameNode(deepActiveElement(), only);
    expect(key(only!, 'Tab', true).defaultPrevented).to.equal(true);
    expectSameNode(deepActiveElement(), only);
  });

  it('Shift+Tab with focus on the dialog itself goes to the last button', async () => {
    const el = mount('<wps-notice open message="M" cancel-text="No"></wps-notice>');
    const d = await opened(el);
    d.focus();
    expectSameNode(deepActiveElement(), d);
    key(d, 'Tab', true);
    expectSameNode(deepActiveElement(), buttons(el)[1]);
  });
});

describe('<wps-notice queue>', () => {
  it('shows a notice posted with showNotice; its button action runs and the notice leaves the queue', async () => {
    const el = mount('<wps-notice queue></wps-notice>');
    await sleep(30);
    expect(has(el, 'dialog')).to.equal(false);
    const ran: string[] = [];
    showNotice({ message: 'From the queue', buttons: [{ labelKey: 'ok', action: () => ran.push('ok') }] });
    await opened(el);
    expect(part(el, 'message')!.textContent).to.equal('From the queue');
    expect(buttons(el).map((b) => b.textContent)).to.deep.equal(['OK']);
    buttons(el)[0]!.click();
    expect(ran).to.deep.equal(['ok']);
    expect(notices.value).to.deep.equal([]);
    await closed(el);
  });

  it('shows queued notices one after the other', async () => {
    const el = mount('<wps-notice queue></wps-notice>');
    showNotice({ message: 'one' });
    showNotice({ message: 'two' });
    await opened(el);
    expect(part(el, 'message')!.textContent).to.equal('one');
    buttons(el)[0]!.click();
    await waitFor(() => expect(part(el, 'message')?.textContent).to.equal('two'));
    buttons(el)[0]!.click();
    await closed(el);
  });

  it('a notice without a server message shows its translated key', async () => {
    const el = mount('<wps-notice queue></wps-notice>');
    showNotice({ messageKey: 'unknown_error', titleKey: 'error' });
    await opened(el);
    expect(part(el, 'message')!.textContent).to.equal('Unknown error');
    expect(part(el, 'title')!.textContent).to.equal('Error');
  });

  it('the please-login notice after a lost session is forced and its button goes to /m/login', async () => {
    const el = mount('<wps-notice queue></wps-notice>');
    sessionGone();
    await opened(el);
    expect(part(el, 'message')!.textContent).to.equal('Your session has ended. Please log in again.');
    await waitFor(() => expectSameNode(deepActiveElement(), buttons(el)[0]));
    key(deepActiveElement()!, 'Escape');
    await sleep(50);
    expect(has(el, 'dialog'), 'forced: Escape does not close it').to.equal(true);
    expect(buttons(el).map((b) => b.textContent)).to.deep.equal(['Log in']);
    buttons(el)[0]!.click();
    expect(navigations).to.deep.equal(['/m/login']);
    await closed(el);
  });

  it('after a chain of queued notices focus returns to where it was before the first', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Opener';
    opener.dataset.testOutside = '';
    document.body.append(opener);
    opener.focus();
    const el = mount('<wps-notice queue></wps-notice>');
    showNotice({ message: 'one' });
    showNotice({ message: 'two' });
    await opened(el);
    await waitFor(() => expectSameNode(deepActiveElement(), buttons(el)[0]));
    buttons(el)[0]!.click();
    await waitFor(() => expect(part(el, 'message')?.textContent).to.equal('two'));
    await waitFor(() => expectSameNode(deepActiveElement(), buttons(el)[0]));
    buttons(el)[0]!.click();
    await closed(el);
    await waitFor(() => expectSameNode(document.activeElement, opener));
  });

  it('a queued question focuses the button marked autoFocus (its safe choice), and interpolates its values', async () => {
    await ensureI18n();
    const el = mount('<wps-notice queue></wps-notice>');
    showNotice({
      messageKey: 'handover_message',
      messageValues: { userName: 'demo' },
      buttons: [{ labelKey: 'handover_switch' }, { labelKey: 'handover_keep', autoFocus: true }],
    });
    await opened(el);
    expect(part(el, 'message')!.textContent).to.include('signed in as demo');
    expect(part(el, 'message')!.textContent).to.not.include('{{');
    await waitFor(() => expectSameNode(deepActiveElement(), buttons(el)[1]));
    part(el, 'confirm')!.click();
    await closed(el);
  });

  it('Escape dismisses an ordinary queued notice without running its action', async () => {
    const el = mount('<wps-notice queue></wps-notice>');
    const ran: string[] = [];
    showNotice({ message: 'x', buttons: [{ labelKey: 'ok', action: () => ran.push('ok') }] });
    await opened(el);
    await waitFor(() => expectSameNode(deepActiveElement(), buttons(el)[0]));
    key(deepActiveElement()!, 'Escape');
    await closed(el);
    expect(ran).to.deep.equal([]);
    expect(notices.value).to.deep.equal([]);
  });
});

describe('<wps-notice queue> and the overlay queue', () => {
  afterEach(() => {
    resetOverlays();
    notices.value = [];
  });

  it('while a queued notice is on screen no overlay takes a free turn; after it, the waiting one does', async () => {
    resetOverlays();
    const el = mount('<wps-notice queue></wps-notice>');
    showNotice({ message: 'Session ended' });
    await opened(el);
    requestOverlay('announcement', OVERLAY_PRIORITY.announcement);
    requestOverlay('install', OVERLAY_PRIORITY.install);
    await sleep(30);
    expect(activeOverlay.value, 'held while the notice shows').to.equal(undefined);
    buttons(el)[0]!.click();
    await closed(el);
    await waitFor(() => expect(activeOverlay.value).to.equal('install'));
  });

  it('an overlay already on screen stays; the notice shows anyway', async () => {
    resetOverlays();
    requestOverlay('announcement', OVERLAY_PRIORITY.announcement);
    expect(activeOverlay.value).to.equal('announcement');
    const el = mount('<wps-notice queue></wps-notice>');
    showNotice({ message: 'Network error' });
    await opened(el);
    expect(activeOverlay.value).to.equal('announcement');
  });
});

describe('<wps-notice> language and accessibility', () => {
  it('is axe-core clean with one and with two buttons', async () => {
    const one = mount('<wps-notice open heading="Title" message="Body"></wps-notice>');
    await opened(one);
    await expectAccessible(one);
    unmountAll();
    const two = mount('<wps-notice open message="Body" cancel-text="Cancel" confirm-text="Confirm"></wps-notice>');
    await opened(two);
    await expectAccessible(two);
  });

  it('after setLanguage("UR") the dialog has dir=rtl; the OK label follows the language', async () => {
    const el = mount('<wps-notice open message="M"></wps-notice>');
    const d = await opened(el);
    expect(d.getAttribute('dir')).to.equal('ltr');
    setLanguage('UR');
    await waitFor(() => expect(dialog(el)!.getAttribute('dir')).to.equal('rtl'));
    setLanguage('CN');
    await waitFor(() => expect(dialog(el)!.getAttribute('dir')).to.equal('ltr'));
    await waitFor(() => expect(buttons(el)[0]!.textContent).to.equal('确定'));
  });
});
