import * as Dialog from '@radix-ui/react-dialog';
import { closeAuthDialog, completeAuthDialog, setAuthMode, useAuthDialog } from '~/lib/auth/dialog-store';
import { AuthForm } from './auth-form';

/**
 * SPEC §2 sign-in / sign-up dialog: a persistent modal (a click outside or Escape does not
 * dismiss it; the close button does). Opened with the role value 'seller' (SPEC §6; its use
 * is not shown, so it is only carried along).
 */
export default function SignInDialog() {
  const { open, mode, role } = useAuthDialog();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && closeAuthDialog()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          data-role={role}
          aria-describedby={undefined}
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
        >
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 grid h-9 w-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
              <path d="M5.3 4.2 10 8.9l4.7-4.7 1.1 1.1-4.7 4.7 4.7 4.7-1.1 1.1-4.7-4.7-4.7 4.7-1.1-1.1 4.7-4.7-4.7-4.7z" />
            </svg>
          </Dialog.Close>
          <AuthForm
            mode={mode}
            onModeChange={setAuthMode}
            onSuccess={completeAuthDialog}
            continueTo={typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search}
            onNavigate={closeAuthDialog}
            renderTitle={(text) => <Dialog.Title className="pr-8 text-2xl font-bold text-ink">{text}</Dialog.Title>}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
