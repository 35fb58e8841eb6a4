/**
 * The announcement popup (docs/engagement.md, "Announcement popup"): the viewer's items as swipeable
 * slides of sanitised HTML, previous and next, autoplay, an optional 'do not show today' (or, for
 * the older popup, 'never show again') box, go-to-activity and 'I know', and close. Rules in ./model.ts.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PopupItem } from '../../core/api/endpoints.ts';
import { onContentClick, preloadLinkHosts } from '../../core/html/links.ts';
import { preloadSanitizer, sanitizeHtml, type TrustedHtml } from '../../core/html/sanitize.ts';
import { OVERLAY_PRIORITY } from '../../core/overlay/queue.ts';
import { autoLoginPending } from '../../core/session/autoLogin.ts';
import { memberInfo } from '../../core/session/member.ts';
import { session } from '../../core/session/sessionInfo.ts';
import { MemberType } from '../../core/session/memberType.ts';
import { Carousel, prefersReducedMotion, SLIDE_TRANSITION_MS } from '../../ui/Carousel.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useOverlayTurn } from '../../ui/useOverlayTurn.ts';
import { useT } from '../../ui/useT.ts';
import {
  ANNOUNCEMENT_LOAD_DELAY_MS,
  ANNOUNCEMENT_POPUP_DELAY_MS,
  activityPath,
  contentHash,
  itemsFor,
  loadAnnouncements,
  readHidden,
  shouldShow,
  showsGoToActivity,
  storageKey,
  storeHidden,
  type HideMode,
  type Viewer,
} from './model.ts';

export type CloseReason = 'close' | 'activity';

export interface AnnouncementPopupProps {
  /** 'today': the 'do not show today' box; 'never': the older popup's 'never show again'. */
  mode: HideMode;
  /** Without the box: closing hides it for the session only. */
  checkbox: boolean;
  autoplayMs: number;
  /** The page opened it (a player's tap): outside the attention budget (docs/product.md §2). */
  opened?: boolean;
  onShown?: (items: PopupItem[]) => void;
  /** false: the page handles the go-to-activity itself (the element's cancelled event). */
  onActivity?: (item: PopupItem, path: string) => boolean;
  onClosed?: (reason: CloseReason, hidden: HideMode | undefined) => void;
}

interface Ready {
  items: PopupItem[];
  html: (string | TrustedHtml)[];
  hash: string;
  key: string;
}

/** The viewer from the session and member info (docs/product.md §1, §4). */
function currentViewer(): Viewer {
  const s = session.value;
  const info = memberInfo.value;
  if (!s) return { memberType: MemberType.VISITOR };
  return {
    memberId: info?.id ?? s.id,
    firstTimeLogin: s.firstTimeLogin === true,
    memberType: info?.type ?? s.type ?? MemberType.MEMBER,
    vipBenefit: info?.clubLabel?.type === 'AUTO',
  };
}

export function AnnouncementPopup({ mode, checkbox, autoplayMs, opened, onShown, onActivity, onClosed }: AnnouncementPopupProps) {
  useSignals();
  const { t, dir } = useT();
  const titleId = useId();
  const viewer = currentViewer();
  const key = storageKey(viewer);
  const waiting = autoLoginPending.value || (viewer.memberId === undefined && !!session.value);
  const [ready, setReady] = useState<Ready | undefined>(undefined);
  const [due, setDue] = useState(false);
  const [index, setIndex] = useState(0);
  const [ticked, setTicked] = useState(false);
  const [closing, setClosing] = useState<CloseReason | undefined>(undefined);
  const [done, setDone] = useState(false);
  const viewerRef = useRef(viewer);
  viewerRef.current = viewer;

  // 500 ms after mount the data, then the popup 1000 ms after it arrived (docs/product.md §9).
  useEffect(() => {
    if (waiting) return;
    let gone = false;
    let showTimer: ReturnType<typeof setTimeout> | undefined;
    setReady(undefined);
    setDue(false);
    setDone(false);
    setIndex(0);
    const loadTimer = setTimeout(() => {
      preloadSanitizer();
      void loadAnnouncements()
        .then(async (all) => {
          const items = itemsFor(all, viewerRef.current);
          if (gone || items.length === 0) return;
          const hash = contentHash(items);
          if (!shouldShow(hash, Date.now(), readHidden(key))) return;
          // Never the raw HTML: no sanitiser (offline), no popup.
          const html = await Promise.all(items.map((i) => sanitizeHtml(i.content)));
          if (gone) return;
          // A signed-in player's links to the merchant's lines carry the token: know the lines before a tap.
          if (viewerRef.current.memberId !== undefined) preloadLinkHosts();
          setReady({ items, html, hash, key });
          showTimer = setTimeout(() => !gone && setDue(true), ANNOUNCEMENT_POPUP_DELAY_MS);
        })
        .catch(() => {}); // quiet: the next visit tries again
    }, ANNOUNCEMENT_LOAD_DELAY_MS);
    return () => {
      gone = true;
      clearTimeout(loadTimer);
      clearTimeout(showTimer);
    };
  }, [key, waiting]);

  // The same content is answered once per session and local day (a 'not today' tick ends at midnight,
  // even in a session left open overnight); new content (another hash) is a new answer.
  const turn = useOverlayTurn('announcement', OVERLAY_PRIORITY.announcement, !!ready && due && !done, {
    key: ready && `announcement:${ready.hash}:${new Date().toDateString()}`,
    auto: !opened,
  });

  useEffect(() => {
    if (turn && ready) onShown?.(ready.items);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per shown set
  }, [turn, ready]);

  // The closing animation, then the stored state and the turn given back.
  useEffect(() => {
    if (!closing || !ready) return;
    const finish = () => {
      const hidden = checkbox && ticked ? mode : undefined;
      storeHidden(ready.key, ready.hash, hidden, Date.now());
      setDone(true);
      setClosing(undefined);
      onClosed?.(closing, hidden);
    };
    if (prefersReducedMotion()) {
      finish();
      return;
    }
    const timer = setTimeout(finish, SLIDE_TRANSITION_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per close
  }, [closing]);

  const forceRead = useMemo(() => ready?.items.some((i) => i.forceRead) ?? false, [ready]);

  if (!turn || !ready || done) return null;
  const { items, html } = ready;
  const last = items.length - 1;
  const item = items[Math.min(index, last)]!;

  // With forceRead, closing advances through the slides until the last (docs/product.md §4).
  const close = () => {
    if (closing) return;
    if (forceRead && index < last) setIndex(index + 1);
    else setClosing('close');
  };
  const goActivity = () => {
    const path = activityPath(item);
    if (onActivity?.(item, path) === false) return;
    setClosing('activity');
  };

  return (
    <Modal titleId={titleId} onClose={close} dir={dir} focusDialog>
      <div className="announcement" part="announcement" data-state={closing ? 'closing' : 'open'}>
        <div className="announcement-header">
          <h2 id={titleId} part="title" dir="auto">
            {item.title}
          </h2>
          <button type="button" className="announcement-close" part="close" aria-label={t('announcement.close')} onClick={close}>
            ×
          </button>
        </div>
        <Carousel
          count={items.length}
          index={index}
          onIndex={setIndex}
          autoplayMs={forceRead ? 0 : autoplayMs}
          dir={dir}
          labels={{
            region: t('announcement.label'),
            previous: t('announcement.previous'),
            next: t('announcement.next'),
            slide: (n, total) => t('announcement.slide', { n, total }),
            pause: t('announcement.pause'),
            play: t('announcement.play'),
          }}
          renderSlide={(i) => (
            // Taps on links inside go through the link rule (core/html/links.ts); keyboards reach the links themselves.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
            <div
              className="announcement-content"
              dir="auto"
              part="content"
              onClick={onContentClick}
              dangerouslySetInnerHTML={{ __html: html[i]! }}
            />
          )}
        />
        {checkbox ? (
          <label className="announcement-hide" part="hide">
            <input type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} />
            <span>{t(mode === 'never' ? 'announcement.never' : 'announcement.today')}</span>
          </label>
        ) : null}
        <div className="wps-actions" part="actions">
          {showsGoToActivity(item.promotionType, viewer) ? (
            <button type="button" part="activity" onClick={goActivity}>
              {t('announcement.activity')}
            </button>
          ) : null}
          <button type="button" className="primary" part="ok" onClick={close}>
            {forceRead && index < last ? t('announcement.next_one') : t('announcement.ok')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
