// sonner is loaded on demand (here and by the lazy <Toaster/> in app/toaster.tsx, mounted with the
// first toast: lib/toast-outlet) to keep it out of the first JavaScript every visitor downloads.
import { toastOutlet } from './toast-outlet';

/**
 * Shows an error toast. The spec gives every error toast the destructive style; the <Toaster/> styles
 * the `error` type that way, so callers only pass the words.
 */
export async function showError(title: string, description?: string): Promise<void> {
  const [{ toast }] = await Promise.all([import('sonner'), toastOutlet()]);
  toast.error(title, description === undefined ? undefined : { description });
}

/** Shows a success toast ('Welcome back!', 'Account created!' and the like). */
export async function showSuccess(title: string, description?: string): Promise<void> {
  const [{ toast }] = await Promise.all([import('sonner'), toastOutlet()]);
  toast.success(title, description === undefined ? undefined : { description });
}
