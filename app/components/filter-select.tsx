import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  filterOptions,
  rowWindow,
  SELECT_ITEM_SIZE,
  SELECT_VISIBLE_ROWS,
  scrollToRow,
  useDebouncedValue,
} from '~/lib/select-filter';

export type SelectOption = { value: string; label: string };

/**
 * A select filter for a long option list (SPEC §9): a box to type part of a name (applied
 * once typing pauses) above a listbox that keeps only the rows in view in the DOM. Dense rows
 * suit a pointer on a wide screen; a finger gets the taller ones.
 */
export function FilterSelect({
  label,
  filterLabel,
  options,
  value,
  onChange,
  dense,
}: {
  label: string;
  filterLabel: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  dense: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text);
  const shown = filterOptions(options, query);
  const itemSize = dense ? SELECT_ITEM_SIZE.dense : SELECT_ITEM_SIZE.normal;
  const height = itemSize * Math.min(SELECT_VISIBLE_ROWS, Math.max(1, shown.length));
  const [scrollTop, setScrollTop] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const rows = rowWindow(scrollTop, height, itemSize, shown.length);
  const selected = shown.findIndex((option) => option.value === value);

  // A new filter starts the list from its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filter changes
  useEffect(() => {
    if (list.current) list.current.scrollTop = 0;
    setScrollTop(0);
  }, [query]);

  const choose = (index: number) => {
    const option = shown[index];
    if (!option) return;
    onChange(option.value);
    const element = list.current;
    if (element) {
      element.scrollTop = scrollToRow(element.scrollTop, height, itemSize, index);
      setScrollTop(element.scrollTop);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: Math.min(shown.length - 1, selected + 1),
      ArrowUp: Math.max(0, selected - 1),
      Home: 0,
      End: shown.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose(moves[event.key] ?? 0);
  };

  return (
    <div className="col-span-2">
      <span id={`${id}-label`} className="text-xs font-semibold text-slate-600">
        {label}
      </span>
      <input
        type="search"
        aria-label={filterLabel}
        value={text}
        placeholder="Type to filter"
        onChange={(event) => setText(event.target.value)}
        className="mt-1 h-9 w-full rounded-t-lg border border-slate-300 bg-white px-3 text-sm text-ink focus:border-brand-500 focus:outline-none"
      />
      <div
        ref={list}
        role="listbox"
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        aria-activedescendant={selected >= 0 ? `${id}-${selected}` : undefined}
        onKeyDown={onKeyDown}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        style={{ height }}
        className="relative box-content overflow-y-auto rounded-b-lg border border-t-0 border-slate-300 bg-white focus:outline-2 focus:outline-brand-500"
      >
        {shown.length === 0 ? (
          <p className="px-3 text-sm leading-6 text-slate-600">No match</p>
        ) : (
          <div style={{ height: rows.total }}>
            <div style={{ transform: `translateY(${rows.offset}px)` }}>
              {shown.slice(rows.start, rows.end).map((option, i) => {
                const index = rows.start + i;
                const isSelected = index === selected;
                return (
                  <div
                    key={option.value}
                    id={`${id}-${index}`}
                    role="option"
                    aria-selected={isSelected}
                    onClick={() => choose(index)}
                    tabIndex={-1}
                    onKeyDown={onKeyDown}
                    style={{ height: itemSize }}
                    className={`flex cursor-pointer items-center truncate px-3 text-sm ${
                      isSelected ? 'bg-brand-50 font-semibold text-brand-800' : 'text-ink hover:bg-slate-50'
                    }`}
                  >
                    {option.label}
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
