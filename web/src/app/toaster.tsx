import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { toastOutletMounted } from '@/lib/toast-outlet';

/** The one toast outlet of the app. Loaded lazily by providers.tsx, with the first toast. */
export function AppToaster() {
  const { resolved } = useTheme();
  // Runs after sonner's own effect subscribed to toasts, so a toast sent now is shown.
  useEffect(() => toastOutletMounted(), []);
  return (
    <Toaster
      theme={resolved}
      position="top-center"
      closeButton
      // Colours (every toast in the app's own, error toasts in the destructive style): index.css.
    />
  );
}

export default AppToaster;
