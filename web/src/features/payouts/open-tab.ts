/**
 * Where a provider's page was opened: in a new tab, or (a blocked pop-up) in this one. A tab opened
 * only after the server has answered no longer counts as the user's click and most browsers block it,
 * so the tab is opened blank at once and sent to the URL when it arrives.
 */
export type PendingTab = {
  /** Sends the prepared tab to `url`; without one (blocked), this tab goes instead. */
  go: (url: string) => 'new-tab' | 'same-tab';
  /** Closes the prepared tab: the link could not be made. */
  cancel: () => void;
};

export function prepareTab(): PendingTab {
  let tab: Window | null = null;
  try {
    tab = window.open('', '_blank');
  } catch {
    tab = null;
  }
  return {
    go(url) {
      if (tab && !tab.closed) {
        // The provider's page must not be able to reach back into TradeNest through window.opener.
        tab.opener = null;
        tab.location.href = url;
        return 'new-tab';
      }
      window.location.assign(url);
      return 'same-tab';
    },
    cancel() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
