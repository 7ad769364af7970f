import { Suspense, useRef, useState } from 'react';
import type { ApplyMode } from '~/lib/apply-filters';
import type { Filters } from '~/lib/filters';
import { lazyKept } from '~/lib/kept-import';
import { loadDatePopover, loadLocationPopover, loadSearchSettings, type Opens } from './hydration';

/**
 * The buttons that open the SPEC §2 popups. Only the buttons ship with the page (their labels
 * come from the server): each popup, with its calendar or fields, is fetched when its button
 * is hovered, focused or pressed, keeping first-load JavaScript within its budget.
 */
const DatePopover = lazyKept(loadDatePopover);
const LocationPopover = lazyKept(loadLocationPopover);
const SearchSettingsDialog = lazyKept(loadSearchSettings);

export type ButtonTone = 'light' | 'hero';

type Props = { label: string; active?: boolean; filters: Filters; mode: ApplyMode; tone?: ButtonTone };

const buttonClass = (tone: ButtonTone, active: boolean) =>
  `inline-flex h-10 max-w-full items-center gap-2 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition ${
    tone === 'hero'
      ? `text-white ring-1 ring-white/40 backdrop-blur hover:bg-white/25 ${active ? 'bg-white/30' : 'bg-white/15'}`
      : `ring-1 ring-inset hover:ring-brand-500 ${active ? 'bg-brand-50 text-brand-800 ring-brand-300' : 'bg-white text-slate-800 ring-slate-300'}`
  }`;

/**
 * A popup opens below its button. A button low on the screen (the home hero's, on a phone)
 * is first scrolled up under the header, so the whole popup, Apply included, fits below it.
 */
function makeRoomBelow(button: HTMLElement | null) {
  if (!button) return;
  const { top, bottom } = button.getBoundingClientRect();
  if (bottom < window.innerHeight * 0.45) return;
  const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  window.scrollBy({ top: top - Math.max(header, 0) - 16, behavior: 'instant' });
}

function usePopup(load: () => Promise<unknown>, opens: Opens) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const trigger = {
    ref: anchor,
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    // Before the page part is hydrated, a press fetches this popup with the part (hydration/).
    'data-opens': opens,
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onClick: () => {
      if (!open) makeRoomBelow(anchor.current);
      setMounted(true);
      setOpen((value) => !value);
    },
  };
  return { open, setOpen, mounted, anchor, trigger };
}

const Icon = ({ d }: { d: string }) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-current opacity-80">
    <path d={d} />
  </svg>
);
const CALENDAR =
  'M6 2h1.5v2h5V2H14v2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2ZM3.5 8.5V16c0 .28.22.5.5.5h12a.5.5 0 0 0 .5-.5V8.5h-13Zm0-1.5h13V6a.5.5 0 0 0-.5-.5H4a.5.5 0 0 0-.5.5v1Z';
const PIN =
  'M10 1.5a6 6 0 0 1 6 6c0 4.3-4.9 9.6-5.5 10.2a.7.7 0 0 1-1 0C8.9 17.1 4 11.8 4 7.5a6 6 0 0 1 6-6Zm0 1.5a4.5 4.5 0 0 0-4.5 4.5c0 2.9 3.1 6.8 4.5 8.4 1.4-1.6 4.5-5.5 4.5-8.4A4.5 4.5 0 0 0 10 3Zm0 2.25a2.25 2.25 0 1 1 0 4.5 2.25 2.25 0 0 1 0-4.5Z';
const SLIDERS =
  'M3 5h7.1a2.5 2.5 0 0 1 4.8 0H17v1.5h-2.1a2.5 2.5 0 0 1-4.8 0H3V5Zm9.5-.75a1 1 0 1 0 0 2 1 1 0 0 0 0-2ZM3 13.5h2.1a2.5 2.5 0 0 1 4.8 0H17V15H9.9a2.5 2.5 0 0 1-4.8 0H3v-1.5Zm4.5-.75a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z';

type AnchoredPopover = typeof DatePopover | typeof LocationPopover;

/** A filter button that opens a popover anchored to it, fetched on first intent. */
function AnchoredFilterButton({
  icon,
  load,
  opens,
  Popover,
  label,
  active = false,
  filters,
  mode,
  tone = 'light',
}: Props & { icon: string; load: () => Promise<unknown>; opens: Opens; Popover: AnchoredPopover }) {
  const popup = usePopup(load, opens);
  return (
    <>
      <button {...popup.trigger} className={buttonClass(tone, active)}>
        <Icon d={icon} />
        <span className="truncate">{label}</span>
      </button>
      {popup.mounted && (
        <Suspense fallback={null}>
          <Popover anchor={popup.anchor} open={popup.open} onOpenChange={popup.setOpen} filters={filters} mode={mode} />
        </Suspense>
      )}
    </>
  );
}

/** SPEC §2 date button: 'Dates' or 'MMM d - MMM d'; opens the date popup. */
export function DateFilterButton(props: Props) {
  return <AnchoredFilterButton {...props} icon={CALENDAR} load={loadDatePopover} opens="dates" Popover={DatePopover} />;
}

/** Location button: the chosen city or the located one; opens the location popup. */
export function LocationFilterButton(props: Props) {
  return (
    <AnchoredFilterButton {...props} icon={PIN} load={loadLocationPopover} opens="location" Popover={LocationPopover} />
  );
}

/** Opens the SPEC §2 Search Settings dialog. */
export function SearchSettingsButton({ label, active = false, filters, mode, tone = 'light' }: Props) {
  const popup = usePopup(loadSearchSettings, 'search-settings');
  return (
    <>
      <button {...popup.trigger} className={buttonClass(tone, active)}>
        <Icon d={SLIDERS} />
        <span>{label}</span>
      </button>
      {popup.mounted && (
        <Suspense fallback={null}>
          <SearchSettingsDialog
            open={popup.open}
            onOpenChange={(open) => {
              popup.setOpen(open);
              if (!open) popup.anchor.current?.focus();
            }}
            filters={filters}
            mode={mode}
          />
        </Suspense>
      )}
    </>
  );
}
