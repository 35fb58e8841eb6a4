/**
 * WAI-ARIA tabs with their one panel: the active tab is the focus stop (roving tabindex); arrow keys
 * (mirrored right-to-left), Home and End move between tabs and select. Tab ids are
 * `<idPrefix>tab-<id>`, the panel's is `<idPrefix>panel`. Parts: tabs, tab, tab-<id>, tab-active, panel.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: string;
}

export interface TabsProps<K extends string> {
  idPrefix: string;
  items: readonly TabItem<K>[];
  active: K;
  onSelect(id: K): void;
  /** Accessible name of the tab list. */
  label: string;
  dir: 'ltr' | 'rtl';
  children: ReactNode;
}

export function Tabs<K extends string>({ idPrefix, items, active, onSelect, label, dir, children }: TabsProps<K>) {
  const buttons = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const panelId = `${idPrefix}panel`;
  const tabId = (id: K) => `${idPrefix}tab-${id}`;

  const onKey = (e: KeyboardEvent) => {
    const ids = items.map((i) => i.id);
    const at = ids.indexOf(active);
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: K | undefined;
    if (e.key === forward) next = ids[(at + 1) % ids.length];
    else if (e.key === backward) next = ids[(at - 1 + ids.length) % ids.length];
    else if (e.key === 'Home') next = ids[0];
    else if (e.key === 'End') next = ids[ids.length - 1];
    if (next === undefined) return;
    e.preventDefault();
    onSelect(next);
    buttons.current[next]?.focus();
  };

  return (
    <>
      {/* The list handles the arrow keys for its tabs (roving tabindex). */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div role="tablist" className="tabs" part="tabs" aria-label={label} onKeyDown={onKey}>
        {items.map(({ id, label: text }) => {
          const selected = id === active;
          return (
            <button
              key={id}
              ref={(el) => {
                buttons.current[id] = el;
              }}
              type="button"
              role="tab"
              id={tabId(id)}
              className={selected ? 'tab active' : 'tab'}
              part={`tab tab-${id}${selected ? ' tab-active' : ''}`}
              aria-selected={selected ? 'true' : 'false'}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(id)}
            >
              {text}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} className="panel" part="panel" aria-labelledby={tabId(active)}>
        {children}
      </div>
    </>
  );
}
