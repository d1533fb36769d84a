import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { changeLanguage, i18n } from '../lib/i18n';
import { directionCaches } from '../theme/DirectionCache';
import { installFastStyles } from './fast-styles';
import { installMatchMedia, resetViewport } from './viewport';

// findBy*/waitFor wait for lazily loaded pages and the answers of the fake server: on a busy 2-core
// machine the first render of a screen (its lazy page and the grid transformed in the worker) took
// over 15 s at four runnable processes a core, so the default 1 s is far too short. One place: a
// test passes no timeout of its own (a longer wait only costs time when the test fails anyway).
configure({ asyncUtilTimeout: 30_000 });

installMatchMedia();
// Computed styles without matching rules that cannot apply: the same answers, far sooner.
installFastStyles();
// jsdom does not scroll; the router's scroll restoration would log on every navigation.
window.scrollTo = () => {};

afterEach(async () => {
  cleanup();
  localStorage.clear();
  resetViewport();
  document.documentElement.dir = '';
  if (i18n.language !== 'tr') await changeLanguage('tr');
});

// Test files share the worker's modules and document (isolate: false): each file starts with none of
// the styles the files before it wrote.
afterAll(() => {
  for (const cache of Object.values(directionCaches)) {
    cache.sheet.flush();
    for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  }
});
