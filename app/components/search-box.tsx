import { Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { lazyKept } from '~/lib/kept-import';
import { type Suggestions, searchPageHref, suggest } from '~/lib/suggestions';
import { loadSearchPanel, SEARCH_DEBOUNCE_MS, waitedOn } from './hydration';

const EMPTY_SUGGESTIONS: Suggestions = { artists: [], events: [] };

// The box is in every page's first load: this one string is copied here, not imported with its module.
const FAILED_SEARCH = 'Failed to search events';
const SearchPanel = lazyKept(loadSearchPanel);

/**
 * SPEC §2 search box, an ARIA combobox (an uncontrolled input, so text typed before the
 * page is hydrated is kept and searched): typing searches (debounced; a newer keystroke aborts
 * and discards the older request), clearing resets, arrow keys move through the results,
 * Escape closes the panel (then clears), a result click closes the panel and navigates.
 * Enter on a highlighted result opens it; otherwise Enter searches on the results page (a
 * plain GET form, so it also works before the page is hydrated).
 */
export function SearchBox({
  id: givenId,
  defaultValue = '',
  className = '',
  size = 'md',
  suggestQuery,
}: {
  /**
   * The base of the box's element ids. Boxes hydrated on first use pass one: an id React
   * generates depends on where the box sits in its React root, which is not the page's root
   * that rendered it on the server.
   */
  id?: string;
  defaultValue?: string;
  className?: string;
  size?: 'md' | 'lg';
  /**
   * What the box's suggestions ask besides the keyword and the dates (the root's data,
   * lib/suggestions.ts): a keystroke before the box has code asks for them at once
   * (hydration/suggest-ahead.ts, ADR 0046).
   */
  suggestQuery?: string;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState(defaultValue);
  const [results, setResults] = useState<Suggestions | null>(null);
  // SPEC §8: a failed request says so ('Failed to search events'), never "No results found".
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<AbortController | undefined>(undefined);
  const sequence = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLFormElement>(null);

  // From a keystroke to its suggestions, the visitor waits: downloads nobody asked for (other
  // popups, the page's idle work) wait too (components/hydration/, ADR 0039).
  const waiting = useRef<(() => void) | undefined>(undefined);
  const hold = useCallback(() => {
    if (!waiting.current) waitedOn(new Promise<void>((resolve) => (waiting.current = resolve)));
  }, []);
  const release = useCallback(() => {
    waiting.current?.();
    waiting.current = undefined;
  }, []);

  const hrefs = results ? [...results.artists, ...results.events].map((item) => item.href) : [];
  const optionId = (index: number) => `${id}-option-${index}`;

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    inflight.current?.abort();
    inflight.current = undefined;
    sequence.current += 1;
    setLoading(false);
  }, []);

  const reset = useCallback(() => {
    cancel();
    release();
    setResults(null);
    setFailed(false);
    setOpen(false);
    setActive(-1);
  }, [cancel, release]);

  const search = useCallback(
    async (keyword: string) => {
      cancel();
      hold();
      const mine = sequence.current;
      const controller = new AbortController();
      inflight.current = controller;
      setLoading(true);
      let found: Suggestions | null;
      try {
        found = await suggest(keyword, controller.signal);
      } catch {
        found = null;
      }
      if (mine !== sequence.current) return; // a newer keystroke owns the panel
      setResults(found ?? EMPTY_SUGGESTIONS);
      setFailed(found === null);
      setActive(-1);
      setOpen(true);
      setLoading(false);
      release();
    },
    [cancel, hold, release],
  );

  // Leaving the page (a result, a link, the back button) closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.pathname, location.search]);

  useEffect(
    () => () => {
      cancel();
      release();
    },
    [cancel, release],
  );

  // The box is server-rendered and hydrated a moment later: keep what was typed meanwhile, and
  // search it at once: the typing was done while the code downloaded, no pause to wait for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed === defaultValue) return;
    setValue(typed);
    if (typed.trim()) void search(typed.trim());
    else reset();
  }, []);

  // The panel fits between the box and the bottom of the screen; with too little room there
  // (a box low on a phone's screen), the page first scrolls the box up under the header.
  const [room, setRoom] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!open) return;
    const measure = () => {
      const box = inputRef.current?.getBoundingClientRect();
      if (!box) return;
      setRoom(Math.min(576, window.innerHeight * 0.7, Math.max(160, window.innerHeight - box.bottom - 16)));
    };
    const box = inputRef.current?.getBoundingClientRect();
    if (box && window.innerHeight - box.bottom < 320) {
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      window.scrollBy({ top: box.top - Math.max(header, 0) - 12, behavior: 'instant' });
    }
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
    };
  }, [open]);

  const activeId = open && active >= 0 && active < hrefs.length ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function onChange(next: string) {
    setValue(next);
    if (!next.trim()) {
      reset();
      return;
    }
    // The answer to an older text, still on its way, is not for what the box now says: shown
    // late, it would clear aria-busy and move the highlight while this text's answer is due.
    cancel();
    hold();
    // Suggestions for this text are coming (aria-busy): what the panel shows may still change.
    setLoading(true);
    timer.current = setTimeout(() => void search(next.trim()), SEARCH_DEBOUNCE_MS);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = hrefs.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (!open) return step > 0 ? 0 : count - 1;
        const next = current + step;
        if (next >= count) return -1; // back to the text, as the APG combobox does
        return next < -1 ? count - 1 : next;
      });
      setOpen(true);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        // A search still under way (the text typed before the box hydrated, a keystroke's)
        // must not open the panel again once the fan has closed it.
        cancel();
        release();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        event.preventDefault();
        event.currentTarget.value = '';
        setValue('');
        reset();
      }
    } else if (event.key === 'Enter' && open && active >= 0 && active < count) {
      event.preventDefault();
      setOpen(false);
      navigate(hrefs[active]!);
      inputRef.current?.blur();
    }
  }

  const count = results ? results.artists.length + results.events.length : 0;
  const big = size === 'lg';

  return (
    <Form
      ref={rootRef}
      method="get"
      action="/search"
      role="search"
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const keyword = value.trim();
        cancel();
        setOpen(false);
        inputRef.current?.blur();
        navigate(searchPageHref(keyword));
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search
      </label>
      <div className="relative">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`pointer-events-none absolute top-1/2 -translate-y-1/2 fill-slate-500 ${big ? 'left-5 h-5 w-5' : 'left-3.5 h-4 w-4'}`}
        >
          <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
        </svg>
        <input
          ref={inputRef}
          id={inputId}
          name="keyword"
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          data-opens="search-panel"
          data-suggest={suggestQuery}
          aria-autocomplete="list"
          aria-busy={loading || undefined}
          aria-expanded={open}
          aria-controls={open && count ? listboxId : undefined}
          aria-activedescendant={activeId}
          defaultValue={defaultValue}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            void loadSearchPanel();
            if (results && value.trim()) setOpen(true);
          }}
          placeholder="Search by Artist, Event or Venue"
          className={`w-full rounded-full border text-slate-900 placeholder:text-slate-500 focus:outline-none ${
            big
              ? 'h-14 border-transparent bg-white pr-12 pl-13 text-base shadow-xl shadow-brand-900/20 focus:ring-4 focus:ring-brand-200 sm:pr-28'
              : 'h-10 border-slate-200 bg-slate-50 pr-10 pl-10 text-sm focus:border-brand-500 focus:bg-white'
          }`}
        />
        {value && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              if (inputRef.current) inputRef.current.value = '';
              setValue('');
              reset();
              inputRef.current?.focus();
            }}
            className={`absolute top-1/2 grid h-8 w-8 -translate-y-1/2 place-items-center rounded-full text-slate-500 hover:bg-slate-100 ${big ? 'right-3 sm:right-24' : 'right-1'}`}
          >
            {loading ? (
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
            ) : (
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                <path d="m10 8.94 4.47-4.47 1.06 1.06L11.06 10l4.47 4.47-1.06 1.06L10 11.06l-4.47 4.47-1.06-1.06L8.94 10 4.47 5.53l1.06-1.06z" />
              </svg>
            )}
          </button>
        )}
        {big && (
          <Button type="submit" className="absolute top-1/2 right-2 h-10 -translate-y-1/2 max-sm:hidden">
            Search
          </Button>
        )}
      </div>
      <p role="status" className="sr-only">
        {open && results ? (failed ? FAILED_SEARCH : count ? `${count} results` : 'No results found') : ''}
      </p>
      {open && results && (
        <Suspense fallback={null}>
          <SearchPanel
            id={id}
            listboxId={listboxId}
            results={results}
            failed={failed}
            onRetry={() => void search(value.trim())}
            active={active}
            keyword={value.trim()}
            optionId={optionId}
            onPick={() => setOpen(false)}
            maxHeight={room}
            className={`absolute z-50 mt-2 max-h-[min(70vh,36rem)] overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 bg-white py-2 text-left text-slate-900 shadow-2xl ${
              big ? 'inset-x-0' : 'right-0 left-0 sm:w-[min(34rem,calc(100vw-2rem))]'
            }`}
          />
        </Suspense>
      )}
    </Form>
  );
}
