import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { toastOutletMounted } from '@/lib/toast-outlet';

// Toasts show below the sticky header (4rem and its border, header.tsx), never over its navigation, and
// away from the phone's tab bar and the assistant's button at the bottom; at the top, too, they cover
// neither a form's submit button nor a conversation's message box.
const BELOW_HEADER = { top: 'calc(4rem + 1px + 0.75rem)' };

/** The one toast outlet of the app. Loaded lazily by providers.tsx, with the first toast. */
export function AppToaster() {
  const { resolved } = useTheme();
  // Runs after sonner's own effect subscribed to toasts, so a toast sent now is shown.
  useEffect(() => toastOutletMounted(), []);
  return (
    <Toaster
      theme={resolved}
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      closeButton
      // Colours (every toast in the app's own, error toasts in the destructive style): index.css.
    />
  );
}

export default AppToaster;
