import * as Popover from '@radix-ui/react-popover';
import type { ReactNode, RefObject } from 'react';

/**
 * A Radix popover anchored to a button rendered outside it (the button ships with the page,
 * this module is loaded on demand). Clicks on the button toggle it instead of closing and
 * reopening it; focus goes to `initialFocus` (else the first field) on open and returns to the
 * button on close.
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
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          aria-label={label}
          align="start"
          sideOffset={8}
          collisionPadding={8}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus({ preventScroll: true });
          }}
          onInteractOutside={(event) => {
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchor.current?.focus();
          }}
          // Never taller than the room Radix measured on the chosen side: a popup that does not
          // fit scrolls inside itself instead of starting above the top of the viewport.
          style={{ maxHeight: 'var(--radix-popover-content-available-height)' }}
          className={`popover-panel z-50 max-w-[calc(100vw-16px)] overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 bg-white text-ink shadow-2xl focus:outline-none ${className}`}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
