// The look of a text box, select or textarea drawn without <Input> (which carries the same classes):
// profile fields, dispute and milestone forms and document uploads share it.
export const fieldClass =
  'flex w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm';

/** The same look for a plain <textarea>, at least four lines high (the reason and note boxes). */
export const textareaClass = `${fieldClass} min-h-24`;
