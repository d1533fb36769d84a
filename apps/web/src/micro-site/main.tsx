import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MicroSiteRoot } from './MicroSiteRoot';

/** The customer micro-site's own entry (micro-site.html): none of the back-office is loaded. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MicroSiteRoot />
  </StrictMode>,
);
