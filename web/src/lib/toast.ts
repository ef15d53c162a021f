// sonner is loaded on demand (here and by the lazy <Toaster/> in app/toaster.tsx) to keep it out of
// the first JavaScript every visitor downloads.

/**
 * Shows an error toast. The spec gives every error toast the destructive style; the <Toaster/> styles
 * the `error` type that way, so callers only pass the words.
 */
export async function showError(title: string, description?: string): Promise<void> {
  const { toast } = await import('sonner');
  toast.error(title, description === undefined ? undefined : { description });
}

/** Shows a success toast ('Welcome back!', 'Account created!' and the like). */
export async function showSuccess(title: string, description?: string): Promise<void> {
  const { toast } = await import('sonner');
  toast.success(title, description === undefined ? undefined : { description });
}
