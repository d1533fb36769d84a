import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useSyncExternalStore } from 'react';

/**
 * The micro-site's router: the browser's history and a path matcher. react-router's runtime is
 * ~18 KB gzipped, an eighth of the first-load budget, for what these few flat routes need.
 */
const NAVIGATED = 'micro-site:navigate';

const subscribe = (listener: () => void) => {
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATED, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATED, listener);
  };
};

const currentPath = () => window.location.pathname + window.location.search;

/** The current path with its query, re-rendering on every navigation. */
export const useLocationPath = () => useSyncExternalStore(subscribe, currentPath, currentPath);

export const navigate = (to: string, { replace = false }: { replace?: boolean } = {}) => {
  if (to === currentPath()) return;
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo?.(0, 0);
  window.dispatchEvent(new Event(NAVIGATED));
};

/**
 * Goes to `to` once rendered (a guard's redirect). What has to happen with it (remembering where a
 * guest was going) is `onRedirect`: a render may run twice or be thrown away, an effect is committed.
 */
export function Redirect({ to, onRedirect }: { to: string; onRedirect?: () => void }) {
  useEffect(() => {
    onRedirect?.();
    navigate(to, { replace: true });
  }, [to, onRedirect]);
  return null;
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** An anchor that navigates inside the micro-site without reloading it. */
export function Link({ href, onClick, ...props }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={follow} {...props} />;
}
