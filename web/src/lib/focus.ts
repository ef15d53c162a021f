/**
 * Moves focus to an element once a closing dialog has done its own focus return: a dialog gives focus
 * back to its trigger, and when the action removed the trigger (Suspend becomes Reinstate, a decided
 * document loses its buttons) focus would fall to the top of the page. Call it as the dialog closes.
 */
export function focusAfterDialog(target: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => setTimeout(() => target()?.focus(), 0));
}
