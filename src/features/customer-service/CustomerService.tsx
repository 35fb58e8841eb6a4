/**
 * Customer service (docs/engagement.md, "Customer service"): one entry opens at once; several are
 * listed in a sheet, each with its title and kind. Rules in core/config/customerService.ts.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import type { CsEntry } from '../../core/config/customerService.ts';
import { entriesFor, entryUrl, type CsViewer } from './model.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { useT } from '../../ui/useT.ts';

export interface CustomerServiceProps {
  entries: readonly CsEntry[] | undefined;
  position?: string;
  viewer: CsViewer;
  label?: string;
  onOpen: (url: string | undefined, entry: CsEntry | undefined) => void;
}

export function CustomerService({ entries, position, viewer, label, onOpen }: CustomerServiceProps) {
  useSignals();
  const { t, dir } = useT();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const list = entriesFor(entries, position, viewer);
  const single = list.length <= 1;

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="cs-button"
        part="button"
        aria-haspopup={single ? undefined : 'dialog'}
        onClick={() => (single ? onOpen(list[0] ? entryUrl(list[0], viewer) : undefined, list[0]) : setOpen(true))}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 3a8 8 0 0 0-8 8v4a2 2 0 0 0 2 2h2v-6H6a6 6 0 0 1 12 0h-2v6h2v1a2 2 0 0 1-2 2h-3v2h3a4 4 0 0 0 4-4v-7a8 8 0 0 0-8-8z"
            fill="currentColor"
          />
        </svg>
        <span>{label || t('customer_service')}</span>
      </button>
      {single ? null : (
        <Sheet
          open={open}
          onClose={() => setOpen(false)}
          title={t('cs.choose')}
          closeLabel={t('cs.close')}
          returnFocus={opener}
          dir={dir}
        >
          <ul className="cs-list" part="list">
            {list.map((entry, i) => (
              <li key={`${entry.csType}-${i}`}>
                <button
                  type="button"
                  className="cs-entry"
                  part="entry"
                  onClick={() => {
                    setOpen(false);
                    onOpen(entryUrl(entry, viewer), entry);
                  }}
                >
                  <span className="cs-entry-title" dir="auto">
                    {entry.title}
                  </span>
                  <span className="cs-entry-kind">{t(`cs.type.${kindOf(entry.csType)}`)}</span>
                </button>
              </li>
            ))}
          </ul>
        </Sheet>
      )}
    </>
  );
}

/** The translated kind of an entry: the known types by name, the rest as 'online service'. */
function kindOf(csType: string): string {
  if (csType === 'AICAN') return 'ai';
  if (csType === 'LIVECHAT' || csType === 'COMM100' || csType === 'MIDUOKE') return 'live';
  if (csType === 'COMM100VIP') return 'vip';
  return 'other';
}
