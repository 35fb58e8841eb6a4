/**
 * /m/feedback (docs/member-centre.md, "Feedback"): a topic, a message of FEEDBACK_MIN to FEEDBACK_MAX
 * characters and an optional screenshot, then the member's earlier feedback with the operator's
 * replies. What was typed stays when sending fails.
 */
import { useId, useRef, useState } from 'react';
import { FEEDBACK_CATEGORIES, FEEDBACK_MAX, FEEDBACK_MIN } from '../../contract/constants.ts';
import type { FeedbackCategory, FeedbackEntry } from '../../contract/endpoints.ts';
import { useT } from '../../ui/useT.ts';
import { IMAGE_TYPES, shrinkImage } from './image.ts';
import { dateTime, failureText, load } from './model.ts';
import { mcEndpoints } from '../../contract/rows/member-centre.ts';
import { Empty, Loads, StatusLine, useLoad } from './parts.tsx';

type T = (key: string, o?: Record<string, unknown>) => string;

function categoryText(c: FeedbackCategory, t: T): string {
  switch (c) {
    case 'suggestion':
      return t('mc.fb.cat.suggestion');
    case 'bug':
      return t('mc.fb.cat.bug');
    case 'payment':
      return t('mc.fb.cat.payment');
    case 'game':
      return t('mc.fb.cat.game');
    case 'account':
      return t('mc.fb.cat.account');
    case 'other':
      return t('mc.fb.cat.other');
  }
}

export function Feedback() {
  const { t, lang } = useT();
  const id = useId();
  const history = useLoad(() => load(mcEndpoints.feedbackList));
  const [category, setCategory] = useState<FeedbackCategory>('suggestion');
  const [content, setContent] = useState('');
  const [image, setImage] = useState<string | undefined>(undefined);
  const [fileName, setFileName] = useState<string | undefined>(undefined);
  const [imageError, setImageError] = useState(false);
  const [tooShort, setTooShort] = useState(false);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | undefined>(undefined);
  const text = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const length = content.trim().length;

  const submit = async () => {
    if (sending) return;
    if (length < FEEDBACK_MIN) {
      setTooShort(true);
      text.current?.focus();
      return;
    }
    setSending(true);
    setStatus(undefined);
    try {
      const entry = await load(mcEndpoints.feedbackSubmit, { category, content: content.trim(), ...(image ? { image } : {}) });
      setStatus({ ok: true, text: t('mc.fb.sent', { id: entry.id }) });
      setContent('');
      setImage(undefined);
      setFileName(undefined);
      if (file.current) file.current.value = '';
      if (history.state === 'done') history.set((list) => [entry, ...list]);
    } catch (err) {
      setStatus({ ok: false, text: failureText(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <form
        className="card mc-form"
        aria-label={t('page.feedback')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="mc-lead">{t('mc.fb.intro')}</p>
        <fieldset className="mc-chips">
          <legend>{t('mc.fb.category')}</legend>
          {FEEDBACK_CATEGORIES.map((c) => (
            <label key={c} className={`mc-chip${c === category ? ' mc-chip-on' : ''}`}>
              <input type="radio" name={`${id}-category`} value={c} checked={c === category} onChange={() => setCategory(c)} />
              {categoryText(c, t)}
            </label>
          ))}
        </fieldset>
        <label className="mc-field-label" htmlFor={`${id}-content`}>
          {t('mc.fb.content')}
        </label>
        <textarea
          id={`${id}-content`}
          ref={text}
          className="mc-textarea"
          rows={5}
          maxLength={FEEDBACK_MAX}
          value={content}
          aria-invalid={tooShort || undefined}
          aria-describedby={`${id}-count${tooShort ? ` ${id}-short` : ''}`}
          onChange={(e) => {
            setContent(e.target.value);
            if (e.target.value.trim().length >= FEEDBACK_MIN) setTooShort(false);
          }}
        />
        <p className="mc-note mc-count" id={`${id}-count`}>
          {t('mc.fb.count', { count: length, max: FEEDBACK_MAX })}
        </p>
        {tooShort ? (
          <p className="mc-field-error" id={`${id}-short`} role="alert">
            {t('mc.fb.too_short', { min: FEEDBACK_MIN })}
          </p>
        ) : null}
        <p className="mc-field-label" id={`${id}-image-label`}>
          {t('mc.fb.image')}
        </p>
        {/* The native input stays (keyboard, screen readers, the phone's picker) but out of sight: its
            browser-language "Choose File / No file chosen" becomes a 44 px button and the file's name. */}
        <div className="mc-file">
          <input
            id={`${id}-image`}
            ref={file}
            className="mc-file-input"
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-labelledby={`${id}-image-label ${id}-image-button`}
            aria-describedby={`${id}-image-name${imageError ? ` ${id}-image-bad` : ''}`}
            onChange={(e) => {
              const picked = e.target.files?.[0];
              setImageError(false);
              setImage(undefined);
              setFileName(undefined);
              if (!picked) return;
              shrinkImage(picked).then(
                (data) => {
                  setImage(data);
                  setFileName(picked.name);
                },
                () => {
                  setImageError(true);
                  e.target.value = '';
                },
              );
            }}
          />
          <label className="btn btn-secondary mc-file-button" htmlFor={`${id}-image`} id={`${id}-image-button`}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M4 7h3l2-3h6l2 3h3v12H4zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
            {t(image ? 'mc.fb.image_change' : 'mc.fb.image_choose')}
          </label>
          <span className="mc-file-name mc-note" id={`${id}-image-name`} dir="auto">
            {fileName ?? t('mc.fb.image_none')}
          </span>
        </div>
        {imageError ? (
          <p className="mc-field-error" id={`${id}-image-bad`} role="alert">
            {t('mc.fb.image_bad')}
          </p>
        ) : null}
        {image ? (
          <div className="mc-preview">
            <img src={image} alt={t('mc.fb.image_preview')} />
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setImage(undefined);
                setFileName(undefined);
                if (file.current) {
                  file.current.value = '';
                  file.current.focus();
                }
              }}
            >
              {t('mc.fb.image_remove')}
            </button>
          </div>
        ) : null}
        <StatusLine status={status} />
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={sending || undefined}>
          {sending ? t('mc.fb.sending') : t('mc.fb.send')}
        </button>
      </form>
      <section className="card" aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`}>{t('mc.fb.history')}</h2>
        <Loads load={history}>
          {(list: FeedbackEntry[]) =>
            list.length === 0 ? (
              <Empty text={t('mc.fb.none')} />
            ) : (
              <ul className="mc-items">
                {list.map((f) => (
                  <li key={f.id} className="mc-item mc-feedback">
                    <div className="mc-item-text">
                      <h3>
                        {categoryText(f.category, t)} · #{f.id}
                      </h3>
                      <p className="mc-note">
                        {dateTime(f.createdAt, lang)}
                        {f.hasImage ? ` · ${t('mc.fb.with_image')}` : ''}
                      </p>
                      <p className="mc-quote">{f.content}</p>
                      {f.reply ? (
                        <p className="mc-reply">
                          <strong>{t('mc.fb.reply')}:</strong> {f.reply}
                        </p>
                      ) : null}
                    </div>
                    <span className="mc-tag">{t(f.status === 'answered' ? 'mc.fb.answered' : 'mc.fb.received')}</span>
                  </li>
                ))}
              </ul>
            )
          }
        </Loads>
      </section>
    </>
  );
}
