import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, loadLanguage } from './lib/i18n';
import { MicroSiteRoot } from './MicroSiteRoot';

// A page's code that is gone after a new release was deployed: load the new release instead (once;
// should the reload not help either, the error stands).
window.addEventListener('vite:preloadError', (event) => {
  const key = 'microSiteReloadedAt';
  if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 10_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

/** The customer micro-site's own entry (micro-site.html): none of the back-office is loaded. */
// The stored language's texts first (English is a separate download), so nothing shows in the other.
void loadLanguage(currentLanguage())
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <MicroSiteRoot />
      </StrictMode>,
    ),
  );
