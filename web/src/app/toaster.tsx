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
      toastOptions={{
        // The spec's destructive style for every error toast.
        classNames: { error: 'bg-destructive! text-destructive-foreground! border-destructive!' },
      }}
    />
  );
}

export default AppToaster;
