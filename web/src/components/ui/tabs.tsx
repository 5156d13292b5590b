import { type HTMLAttributes, type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem {
  /** The tab's name (also the name of its panel). */
  label: ReactNode;
  panel: ReactNode;
}

/**
 * Tabs after WAI-ARIA's pattern with automatic activation, in under 1 KB: a tablist whose arrow keys,
 * Home and End move the selection and the focus, one tab stop (the selected tab), and panels named by
 * their tab. Every panel stays mounted (hidden when not selected), so a form keeps what was typed when
 * its tab is left. For screens whose first paint must not wait on Headless UI's Tabs (about 11 KB gzip
 * with their helpers): the auth screen. The selection is controlled by the caller.
 */
export function Tabs({
  items,
  selectedIndex,
  onChange,
  listClassName,
  tabClassName,
  panelsClassName,
  ...rest
}: {
  items: readonly TabItem[];
  selectedIndex: number;
  onChange: (index: number) => void;
  listClassName?: string;
  tabClassName: (selected: boolean) => string;
  panelsClassName?: string;
} & Omit<HTMLAttributes<HTMLDivElement>, 'onChange'>) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    const next = (index + items.length) % items.length;
    onChange(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: selectedIndex + 1, ArrowLeft: selectedIndex - 1, Home: 0, End: items.length - 1 };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(to);
  };
  return (
    <div {...rest}>
      <div role="tablist" aria-orientation="horizontal" className={listClassName} onKeyDown={onKeyDown}>
        {items.map((item, i) => (
          <button
            key={i}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === selectedIndex}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={i === selectedIndex ? 0 : -1}
            className={tabClassName(i === selectedIndex)}
            onClick={() => select(i)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className={panelsClassName}>
        {items.map((item, i) => (
          <div key={i} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} tabIndex={0} hidden={i !== selectedIndex}>
            {item.panel}
          </div>
        ))}
      </div>
    </div>
  );
}
