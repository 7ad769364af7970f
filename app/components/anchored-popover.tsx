import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** Room kept between the popup and its button, and between the popup and the screen's edges. */
const GAP = 8;

const TABBABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A popup anchored to a button rendered outside it (the button ships with the page, this module
 * is loaded on demand), on the platform's own popover (`popover="manual"`, in the top layer:
 * no stacking or clipping by the page around it) and ADR 0045: no positioning library on the
 * way to a first tap.
 *
 * Below the button, start-aligned, kept `GAP` from the screen's edges; above it when there is
 * more room there (the side is chosen on opening, so content that grows, a city's suggestions,
 * never moves what the fan is reaching for); never taller than the room on its side, it
 * scrolls inside itself. It follows the button on scroll and resize. Escape, a press outside
 * it and focus moving outside it close it; a press on the button is the button's own (it
 * toggles). Focus goes to `initialFocus` (else the first field or button) on opening, and
 * back to the button on closing when it was inside.
 */
export function AnchoredPopover({
  anchor,
  open,
  onOpenChange,
  label,
  initialFocus,
  children,
  className = '',
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
  className?: string;
}) {
  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <Panel anchor={anchor} onOpenChange={onOpenChange} label={label} initialFocus={initialFocus} className={className}>
      {children}
    </Panel>,
    document.body,
  );
}

function Panel({
  anchor,
  onOpenChange,
  label,
  initialFocus,
  children,
  className,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  onOpenChange: (open: boolean) => void;
  label: string;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
  className: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // The latest handler, for listeners added once.
  const close = useRef(onOpenChange);
  close.current = onOpenChange;

  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    if (typeof element.showPopover === 'function') element.showPopover();
    let side: 'bottom' | 'top' | undefined;
    const place = () => {
      const button = anchor.current;
      if (!button) return;
      const to = button.getBoundingClientRect();
      const width = document.documentElement.clientWidth;
      const height = window.innerHeight;
      const below = height - to.bottom - 2 * GAP;
      const above = to.top - 2 * GAP;
      side ??= element.scrollHeight <= below || below >= above ? 'bottom' : 'top';
      const room = Math.max(side === 'bottom' ? below : above, 0);
      element.style.maxHeight = `${room}px`;
      element.style.left = `${Math.max(GAP, Math.min(to.left, width - element.offsetWidth - GAP))}px`;
      element.style.top =
        side === 'bottom' ? `${to.bottom + GAP}px` : `${to.top - GAP - Math.min(element.scrollHeight, room)}px`;
    };
    place();
    (initialFocus?.current ?? element.querySelector<HTMLElement>(TABBABLE) ?? element).focus({ preventScroll: true });

    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const resized = new ResizeObserver(follow);
    resized.observe(element);
    const outside = (target: EventTarget | null) =>
      target instanceof Node && !element.contains(target) && !anchor.current?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) close.current(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) close.current(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      anchor.current?.focus();
      close.current(false);
    };
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      // Closed from inside (Apply, a choice): focus goes back where the popup came from.
      const focused = document.activeElement;
      if (!focused || focused === document.body || element.contains(focused)) anchor.current?.focus();
    };
  }, [anchor, initialFocus]);

  return (
    <div
      ref={panel}
      popover="manual"
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      // The user agent centres a popover in the viewport; this one is placed by `place`.
      style={{ position: 'fixed', inset: 'auto', margin: 0 }}
      className={`popover-panel max-w-[calc(100vw-16px)] overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 bg-white text-ink shadow-2xl focus:outline-none ${className}`}
    >
      {children}
    </div>
  );
}
