/** Spec §2: the path asked for before signing in, restored after it (per mall, for this tab). */
const key = (locationToken: string) => `microSiteReturnTo-${locationToken}`;

export const rememberReturnTo = (locationToken: string, path: string) =>
  sessionStorage.setItem(key(locationToken), path);

/**
 * The remembered path (only one of this mall's), else the main page. Only reads, so a render may
 * call it any number of times (React renders twice in StrictMode, and again after a suspension);
 * `forgetReturnTo` once the redirect has happened.
 */
export const returnTo = (locationToken: string, base: string): string => {
  const path = sessionStorage.getItem(key(locationToken));
  return path?.startsWith(`${base}/`) || path === base ? path : base;
};

export const forgetReturnTo = (locationToken: string) => sessionStorage.removeItem(key(locationToken));
