/**
 * The download-image popups (docs/product.md §2, §4, §9): one image at a time, the first group's
 * then the second's; save, follow its link, or close; each closes itself after its waiting time
 * unless the player has touched it or used a key in it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { OVERLAY_PRIORITY, overlayAnswered } from '../../core/overlay/queue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useOverlayTurn } from '../../ui/useOverlayTurn.ts';
import { useT } from '../../ui/useT.ts';
import { bannerLink, followBanner, imageName, loadImagePopups, markSaved, popupKey, type ImagePopup } from './imagePopup.ts';

/** docs/product.md §9: popup data loads 500 ms after mount. */
export const POPUP_LOAD_DELAY_MS = 500;

export interface ImagePopupsProps {
  groups: readonly string[];
  /** The page opened them (a player's tap): outside the attention budget, seen ones too. */
  opened?: boolean;
  onShown?: (popup: ImagePopup) => void;
  onSaved?: (popup: ImagePopup) => void;
  /** `timeout`: its waiting time ran out. */
  onClosed?: (popup: ImagePopup, reason: 'close' | 'timeout' | 'follow') => void;
  /** Once the list is known: how many will show (0 when none, or when it could not load). */
  onReady?: (count: number) => void;
}

export function ImagePopups({ groups, opened, onShown, onSaved, onClosed, onReady }: ImagePopupsProps) {
  useSignals();
  const { t, dir } = useT();
  const titleId = useId();
  const [popups, setPopups] = useState<ImagePopup[]>([]);
  const [index, setIndex] = useState(0);
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const groupKey = groups.join(',');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let gone = false;
    const timer = setTimeout(() => {
      loadImagePopups(groupKey.split(',')).then(
        (list) => {
          if (gone) return;
          if (!opened) list = list.filter((p) => !overlayAnswered(popupKey(p)));
          setPopups(list);
          setIndex(0);
          onReady?.(list.length);
        },
        () => !gone && onReady?.(0), // no popups when they cannot be loaded
      );
    }, POPUP_LOAD_DELAY_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onReady is told once per load
  }, [groupKey]);

  const current = popups[index];
  // Each image is its own answer: one seen this session (closed, followed or timed out) is not shown again.
  const turn = useOverlayTurn('image-popup', OVERLAY_PRIORITY.imagePopup, current !== undefined, {
    key: current && popupKey(current),
    auto: !opened,
  });

  // A new popup on screen: told once, its own countdown.
  useEffect(() => {
    if (!turn || !current) return;
    setLeft(current.waitingTime);
    setBusy(false);
    onShown?.(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per popup shown
  }, [turn, current]);

  const next = (reason: 'close' | 'timeout' | 'follow') => {
    if (!current) return;
    onClosed?.(current, reason);
    setIndex((i) => i + 1);
  };

  useEffect(() => {
    if (!turn || !current || busy) return;
    if (left <= 0) return;
    const timer = setTimeout(() => (left <= 1 ? next('timeout') : setLeft(left - 1)), 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- next reads the current popup
  }, [turn, current, busy, left]);

  // The player touching it or using the keys stops the countdown (focus moves in by itself, so not focus).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const stop = () => setBusy(true);
    el.addEventListener('pointerdown', stop);
    el.addEventListener('keydown', stop);
    return () => {
      el.removeEventListener('pointerdown', stop);
      el.removeEventListener('keydown', stop);
    };
  }, [turn, current]);

  if (!turn || !current) return null;
  const followable = bannerLink(current.banner) !== undefined;
  const image = <img className="popup-image" part="image" src={current.image} alt={t('image_popup.label')} />;
  return (
    <Modal titleId={titleId} onClose={() => next('close')} dir={dir} focusDialog>
      <div className="popup" ref={box}>
        <h2 id={titleId} className="wps-visually-hidden">
          {t('image_popup.label')}
        </h2>
        {followable ? (
          <button
            type="button"
            className="popup-follow"
            part="follow"
            onClick={() => {
              if (followBanner(current.banner)) next('follow');
            }}
          >
            {image}
          </button>
        ) : (
          image
        )}
        <div className="wps-actions" part="actions">
          <a
            className="popup-save"
            part="save"
            href={current.image}
            download={imageName(current.banner.imageUrl)}
            onClick={() => {
              markSaved(current);
              onSaved?.(current);
              setPopups([]); // saved: no more this session
            }}
          >
            {t('image_popup.save')}
          </a>
          <button type="button" part="close" onClick={() => next('close')}>
            {t('image_popup.close')}
            {busy ? null : <span part="countdown"> ({left})</span>}
          </button>
        </div>
      </div>
    </Modal>
  );
}
