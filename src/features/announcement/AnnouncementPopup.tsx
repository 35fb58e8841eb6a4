/**
 * The announcement popup (docs/engagement.md, "Announcement popup"): the viewer's items as swipeable
 * slides of sanitised HTML, previous and next, autoplay, an optional 'do not show today' (or, for
 * the older popup, 'never show again') box, go-to-activity and 'I know', and close. Rules, timers
 * and the load are the model's (./model.ts); this file renders it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState } from 'react';
import type { PopupItem } from '../../contract/endpoints.ts';
import { onContentClick } from '../../core/html/links.ts';
import { OVERLAY_PRIORITY } from '../../core/overlay/queue.ts';
import { Carousel, prefersReducedMotion, SLIDE_TRANSITION_MS } from '../../ui/Carousel.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useOverlayTurn } from '../../ui/useOverlayTurn.ts';
import { useT } from '../../ui/useT.ts';
import {
  announcementModel,
  activityPath,
  showsGoToActivity,
  turnKey,
  type CloseOptions,
  type CloseReason,
  type HideMode,
} from './model.ts';

export type { CloseReason };

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

export function AnnouncementPopup({ mode, checkbox, autoplayMs, opened, onShown, onActivity, onClosed }: AnnouncementPopupProps) {
  useSignals();
  const { t, dir } = useT();
  const titleId = useId();
  const [model] = useState(announcementModel);
  useEffect(() => model.connect(), [model]);
  const ready = model.ready.value;

  // The same content is answered once per session and local day (a 'not today' tick ends at midnight,
  // even in a session left open overnight); new content (another hash) is a new answer.
  const turn = useOverlayTurn('announcement', OVERLAY_PRIORITY.announcement, model.wanted.value, {
    key: ready && turnKey(ready.hash, Date.now()),
    auto: !opened,
  });

  useEffect(() => {
    if (turn && ready) onShown?.(ready.items);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per shown set
  }, [turn, ready]);

  const item = model.item.value;
  if (!turn || !ready || !item || model.done.value) return null;
  const { items, html } = ready;
  const forceRead = model.forceRead.value;
  const index = model.index.value;
  const closing = model.closing.value;
  const options = (): CloseOptions => ({
    hideAs: checkbox ? mode : undefined,
    delayMs: prefersReducedMotion() ? 0 : SLIDE_TRANSITION_MS,
    onClosed,
  });
  const close = () => model.dismiss(options());
  const goActivity = () => {
    if (onActivity?.(item, activityPath(item)) === false) return;
    model.close('activity', options());
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
          onIndex={(i) => (model.index.value = i)}
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
            <input type="checkbox" checked={model.ticked.value} onChange={(e) => (model.ticked.value = e.target.checked)} />
            <span>{t(mode === 'never' ? 'announcement.never' : 'announcement.today')}</span>
          </label>
        ) : null}
        <div className="wps-actions" part="actions">
          {showsGoToActivity(item.promotionType, model.viewer.value) ? (
            <button type="button" part="activity" onClick={goActivity}>
              {t('announcement.activity')}
            </button>
          ) : null}
          <button type="button" className="primary" part="ok" onClick={close}>
            {model.advances.value ? t('announcement.next_one') : t('announcement.ok')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
