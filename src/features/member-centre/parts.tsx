/** The member centre's shared view pieces: load states, the claim button and the live status line. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../ui/useT.ts';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'error'; retry: () => void }
  | { state: 'done'; value: T; reload: () => void; set: (next: (current: T) => T) => void };

/**
 * Runs `fn` on mount, on `key` changes and on retry; an answer for an older key is dropped. A reload
 * of the same key keeps showing the value until the new one is in; a new key shows loading. `set`
 * changes the value from the latest one (two claims answered in any order both count).
 */
export function useLoad<T>(fn: () => Promise<T>, key = ''): Loaded<T> {
  const [result, setResult] = useState<{ key: string; load: Loaded<T> }>({ key, load: { state: 'loading' } });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let gone = false;
    const again = () => setRound((r) => r + 1);
    setResult((r) => (r.key === key && r.load.state === 'done' ? r : { key, load: { state: 'loading' } }));
    fn().then(
      (value) => {
        if (gone) return;
        const set = (next: (current: T) => T) =>
          !gone && setResult((r) => (r.load.state === 'done' ? { key, load: { ...r.load, value: next(r.load.value) } } : r));
        setResult({ key, load: { state: 'done', value, reload: again, set } });
      },
      () => !gone && setResult({ key, load: { state: 'error', retry: again } }),
    );
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads on key and retry only
  }, [key, round]);
  return result.key === key ? result.load : { state: 'loading' };
}

export function Loading() {
  const { t } = useT();
  return (
    <section className="card" aria-busy="true" aria-label={t('loading')}>
      <p className="loading-line">{t('loading')}</p>
    </section>
  );
}

export function LoadError({ retry }: { retry: () => void }) {
  const { t } = useT();
  return (
    <section className="card empty-state" role="alert">
      <p>{t('mc.error')}</p>
      <button type="button" className="btn btn-secondary" onClick={retry}>
        {t('retry')}
      </button>
    </section>
  );
}

export function Empty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="mc-empty">
      <p>{text}</p>
      {action}
    </div>
  );
}

/** Renders the states of a load; `children` gets the value. */
export function Loads<T>({
  load,
  children,
}: {
  load: Loaded<T>;
  children: (value: T, done: Extract<Loaded<T>, { state: 'done' }>) => ReactNode;
}) {
  if (load.state === 'loading') return <Loading />;
  if (load.state === 'error') return <LoadError retry={load.retry} />;
  return <>{children(load.value, load)}</>;
}

/**
 * The outcome of the last action, read out by screen readers: a polite status for success, an alert
 * for a failure. Always in the page so the announcement is heard.
 */
export function StatusLine({ status }: { status?: { ok: boolean; text: string } }) {
  return (
    <p className={`mc-status${status ? (status.ok ? ' mc-status-ok' : ' mc-status-bad') : ''}`} role="status" aria-live="polite">
      {status?.text ?? ''}
    </p>
  );
}

/**
 * One request per tap: the button is busy (and ignores taps) until the answer is in, so a double tap
 * claims once here too; the server makes a resent claim count once anyway.
 */
export function ActionButton({
  label,
  busyLabel,
  onAction,
  disabled,
  className = 'btn btn-primary',
  describedBy,
}: {
  label: string;
  busyLabel: string;
  onAction: () => Promise<unknown>;
  disabled?: boolean;
  className?: string;
  describedBy?: string;
}) {
  const [busy, setBusy] = useState(false);
  // The ref holds between two taps of the same frame, before the re-render that disables the button.
  const inFlight = useRef(false);
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-describedby={describedBy}
      onClick={() => {
        if (inFlight.current) return;
        inFlight.current = true;
        setBusy(true);
        onAction().finally(() => {
          inFlight.current = false;
          setBusy(false);
        });
      }}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
