import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

type Ids = { title: string; description: string; setDescribed: (on: boolean) => void; close: () => void };
const DialogIds = createContext<Ids | null>(null);

const useDialog = () => {
  const ids = useContext(DialogIds);
  if (!ids) throw new Error('a dialog part must be inside a ModalDialog');
  return ids;
};

/**
 * A modal dialog on the platform's own (`<dialog>` shown with `showModal()`, ADR 0045): the
 * page behind it is inert, it sits in the top layer over a dimmed backdrop, and focus goes to
 * its first control (or one marked autoFocus) and back where it was on closing. The page does
 * not scroll behind it. Escape and a press on the backdrop close it, unless it is
 * `persistent` (only its own buttons close it). Named by its `DialogTitle`, described by its
 * `DialogDescription` when it has one. `className` places it (the platform centres it),
 * sizes it and colours its `backdrop:`.
 */
export function ModalDialog({
  open,
  onClose,
  persistent = false,
  className = '',
  children,
  ...attributes
}: {
  open: boolean;
  onClose: () => void;
  persistent?: boolean;
  className?: string;
  children: ReactNode;
  'data-role'?: string;
}) {
  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <Modal onClose={onClose} persistent={persistent} className={className} attributes={attributes}>
      {children}
    </Modal>,
    document.body,
  );
}

function Modal({
  onClose,
  persistent,
  className,
  attributes,
  children,
}: {
  onClose: () => void;
  persistent: boolean;
  className: string;
  attributes: object;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [described, setDescribed] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;
  const ids = useRef<Ids>({
    title: `${id}-title`,
    description: `${id}-description`,
    setDescribed,
    close: () => close.current(),
  }).current;

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const unlock = lockScroll();
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      unlock();
    };
  }, []);

  return (
    <DialogIds.Provider value={ids}>
      <dialog
        ref={dialog}
        aria-labelledby={ids.title}
        aria-describedby={described ? ids.description : undefined}
        {...attributes}
        // Escape: the browser's close request, turned into ours (or refused when persistent).
        onCancel={(event) => {
          event.preventDefault();
          if (!persistent) close.current();
        }}
        onKeyDown={(event) => {
          // A refused close request may not be refused twice in a row: the key is refused first.
          if (event.key === 'Escape' && persistent) event.preventDefault();
        }}
        // A press on the backdrop lands on the dialog element itself, outside its box.
        onClick={(event) => {
          if (persistent || event.target !== event.currentTarget) return;
          const box = event.currentTarget.getBoundingClientRect();
          const inside =
            event.clientX >= box.left &&
            event.clientX <= box.right &&
            event.clientY >= box.top &&
            event.clientY <= box.bottom;
          if (!inside) close.current();
        }}
        className={`border-0 bg-white text-ink focus:outline-none ${className}`}
      >
        {children}
      </dialog>
    </DialogIds.Provider>
  );
}

/**
 * The page stops scrolling behind the dialog (Chromium already keeps a wheel over the
 * backdrop from scrolling it; touch scrolling in some mobile browsers does not); its scroll
 * bar's room is kept, so nothing moves sideways. Nested dialogs share one lock.
 */
let locks = 0;
function lockScroll(): () => void {
  const root = document.documentElement;
  if (locks++ === 0) {
    const bar = window.innerWidth - root.clientWidth;
    root.style.overflow = 'hidden';
    if (bar > 0) root.style.paddingRight = `${bar}px`;
  }
  return () => {
    if (--locks === 0) {
      root.style.overflow = '';
      root.style.paddingRight = '';
    }
  };
}

/** The dialog's name, a heading. */
export function DialogTitle({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <h2 id={useDialog().title} className={className}>
      {children}
    </h2>
  );
}

/** What the dialog is for, read after its name. */
export function DialogDescription({ className, children }: { className?: string; children: ReactNode }) {
  const { description, setDescribed } = useDialog();
  useLayoutEffect(() => {
    setDescribed(true);
    return () => setDescribed(false);
  }, [setDescribed]);
  return (
    <p id={description} className={className}>
      {children}
    </p>
  );
}

/** The dialog's close button, an ×; `className` places it. */
export function DialogCloseIcon({ className = '', small = false }: { className?: string; small?: boolean }) {
  return (
    <DialogClose
      aria-label="Close"
      className={`grid h-9 w-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className={`${small ? 'h-4 w-4' : 'h-5 w-5'} fill-current`}>
        <path d="m10 8.94 4.47-4.47 1.06 1.06L11.06 10l4.47 4.47-1.06 1.06L10 11.06l-4.47 4.47-1.06-1.06L8.94 10 4.47 5.53l1.06-1.06z" />
      </svg>
    </DialogClose>
  );
}

/** A button that closes the dialog. */
export function DialogClose({
  className,
  children,
  ...attributes
}: {
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  ref?: RefObject<HTMLButtonElement | null>;
}) {
  const { close } = useDialog();
  return (
    <button type="button" {...attributes} onClick={close} className={className}>
      {children}
    </button>
  );
}
