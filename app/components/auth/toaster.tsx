import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { NOTIFICATION_TIMEOUT_MS, toasterMounted } from '~/lib/auth/notify';

/** SPEC §9: notifications at the top, 5000 ms. Loaded with the first notification only. */
export default function Toaster() {
  useEffect(() => toasterMounted(), []);
  return <Sonner position="top-center" duration={NOTIFICATION_TIMEOUT_MS} richColors closeButton />;
}
