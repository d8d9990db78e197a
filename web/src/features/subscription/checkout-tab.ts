const OPENING = 'Opening secure checkout…';

/**
 * Opens an empty tab during the click itself (popup blockers allow that, not a tab opened
 * after an await), cut off from this page (opener = null), to be sent to the checkout once
 * the server has named it. Null when the browser refused the tab.
 */
export function openPendingTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    tab.opener = null;
    tab.document.title = OPENING;
    tab.document.body.textContent = OPENING;
  } catch {
    // Not our document (should not happen for about:blank): the tab still works.
  }
  return tab;
}

/** Sends the pending tab to the checkout; false when there is no tab to send (show a link instead). */
export function sendTab(tab: Window | null, url: string): boolean {
  if (!tab || tab.closed) return false;
  tab.location.replace(url);
  return true;
}

export function closeTab(tab: Window | null): void {
  if (tab && !tab.closed) tab.close();
}
