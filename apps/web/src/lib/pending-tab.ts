/**
 * A new tab for a page whose address comes with an answer (a connection ticket). The tab is opened
 * at the click, before the answer arrives: a tab opened after an answer is a pop-up that browsers
 * block.
 */
export interface PendingTab {
  /** Sends the tab to `url`; false when the browser blocked it or it was closed meanwhile. */
  go(url: string): boolean;
  /** Closes it (the answer was a refusal). */
  close(): void;
}

export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  return {
    go(url) {
      if (!tab || tab.closed) return false;
      // The opened page must not reach back into the console.
      tab.opener = null;
      tab.location.replace(url);
      return true;
    },
    close: () => tab?.close(),
  };
}
