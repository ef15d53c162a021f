import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';

/** The one toast outlet of the app. Loaded lazily by providers.tsx. */
export function AppToaster() {
  const { resolved } = useTheme();
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
