import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { changeLanguage, i18n } from '../lib/i18n';
import { installMatchMedia, resetViewport } from './viewport';

installMatchMedia();
// jsdom does not scroll; the router's scroll restoration would log on every navigation.
window.scrollTo = () => {};

afterEach(async () => {
  cleanup();
  localStorage.clear();
  resetViewport();
  document.documentElement.dir = '';
  if (i18n.language !== 'tr') await changeLanguage('tr');
});
