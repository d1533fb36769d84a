/** When the page last reloaded itself for a new release (epoch ms), in this tab. */
const RELOADED_AT = 'avluReloadedForRelease';
/** A second failure this soon after the reload is not a release: the error stands (no reload loop). */
const ONCE_WITHIN_MS = 10_000;

type Tab = { storage: Storage; reload: () => void; now: () => number };
const browserTab = (): Tab => ({
  storage: sessionStorage,
  reload: () => window.location.reload(),
  now: Date.now,
});

/**
 * A lazily loaded page whose file is gone (a new release was deployed while this tab was open): load
 * the new release instead, once. Listens to Vite's `vite:preloadError`.
 */
export const reloadOnStaleChunk = (tab: Tab = browserTab()) => {
  const listener = (event: Event) => {
    const last = Number(tab.storage.getItem(RELOADED_AT) ?? 0);
    if (tab.now() - last < ONCE_WITHIN_MS) return;
    tab.storage.setItem(RELOADED_AT, String(tab.now()));
    event.preventDefault();
    tab.reload();
  };
  window.addEventListener('vite:preloadError', listener);
  return () => window.removeEventListener('vite:preloadError', listener);
};

/** True once after a reload for a new release, so the page can say why it reloaded. */
export const takeReleaseNotice = (tab: Pick<Tab, 'storage' | 'now'> = browserTab()): boolean => {
  const last = Number(tab.storage.getItem(RELOADED_AT) ?? 0);
  const noticeKey = `${RELOADED_AT}:shown`;
  if (!last || tab.storage.getItem(noticeKey) === String(last)) return false;
  tab.storage.setItem(noticeKey, String(last));
  return tab.now() - last < 60_000;
};
