/** The visible "required" star after a label; screen readers hear aria-required on the field instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 font-semibold text-foreground">
      *
    </span>
  );
}
