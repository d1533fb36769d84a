import { useCallback, useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};

const isFullscreen = () => document.fullscreenElement !== null && document.fullscreenElement !== undefined;

/** Fullscreen is the browser's state, not a stored setting: Esc leaves it without asking us. */
export const useFullscreen = () => {
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const toggle = useCallback(() => {
    if (isFullscreen()) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  }, []);
  return { fullscreen, supported: typeof document.documentElement.requestFullscreen === 'function', toggle };
};
