import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { reloadOnStaleChunk } from './stale-chunk';

const preloadError = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

describe('a page whose code is gone after a release', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    sessionStorage.clear();
  });

  it('reloads the tab once, not in a loop when the new release fails too', () => {
    let now = 1_000_000;
    const reload = vi.fn();
    stop = reloadOnStaleChunk({ storage: sessionStorage, reload, now: () => now });
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    now += 2_000;
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    now += 60_000;
    preloadError();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('says, once, after the reload that a new version was loaded (the providers hold the notice)', async () => {
    sessionStorage.setItem('avluReloadedForRelease', String(Date.now() - 1_000));
    const first = renderWithProviders(<p>Sayfa</p>);
    expect(await screen.findByText('Avlu’nun yeni sürümü yayınlandı; sayfa yenilendi.')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<p>Sayfa</p>);
    expect(await screen.findByText('Sayfa')).toBeInTheDocument();
    // A notice would show within a render or two; none may.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('Avlu’nun yeni sürümü yayınlandı; sayfa yenilendi.')).toBeNull();
  });
});
