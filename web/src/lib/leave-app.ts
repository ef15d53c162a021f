// Full page loads to addresses the router does not own (a payment provider's pages, or back into the
// app from them). One place, so component tests can replace it: happy-dom cannot leave the page.

/** Loads `url` in this tab, keeping the current page in the history (Back returns to it). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
