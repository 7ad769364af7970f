import { closeAuthDialog, completeAuthDialog, setAuthMode, useAuthDialog } from '~/lib/auth/dialog-store';
import { DialogCloseIcon, DialogTitle, ModalDialog } from '../ui/modal-dialog';
import { AuthForm } from './auth-form';

/**
 * SPEC §2 sign-in / sign-up dialog: a persistent modal (a click outside or Escape does not
 * dismiss it; the close button does). Opened with the role value 'seller' (SPEC §6; its use
 * is not shown, so it is only carried along).
 */
export default function SignInDialog() {
  const { open, mode, role } = useAuthDialog();
  return (
    <ModalDialog
      open={open}
      onClose={closeAuthDialog}
      persistent
      data-role={role}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl p-6 shadow-2xl backdrop:bg-slate-950/50"
    >
      <DialogCloseIcon className="absolute top-3 right-3" />
      <AuthForm
        mode={mode}
        onModeChange={setAuthMode}
        onSuccess={completeAuthDialog}
        continueTo={typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search}
        onNavigate={closeAuthDialog}
        renderTitle={(text) => <DialogTitle className="pr-8 text-2xl font-bold text-ink">{text}</DialogTitle>}
      />
    </ModalDialog>
  );
}
