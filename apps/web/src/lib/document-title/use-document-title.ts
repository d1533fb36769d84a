import { useEffect } from 'react';

const APP_NAME = 'Avlu';

/**
 * Names the browser tab after the screen ("Müşteri Listesi · Avlu"), as WCAG 2.4.2 asks: a tab, a
 * bookmark and a screen reader's first words then say where one is. The shared page headings call it,
 * so a screen gets its title by having a heading.
 */
export const useDocumentTitle = (title: string | undefined) => {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
};
