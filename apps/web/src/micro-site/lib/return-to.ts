/** Spec §2: the path asked for before signing in, restored after it (per mall, for this tab). */
const key = (locationToken: string) => `microSiteReturnTo-${locationToken}`;

export const rememberReturnTo = (locationToken: string, path: string) =>
  sessionStorage.setItem(key(locationToken), path);

/** The remembered path (only one of this mall's), forgotten once read. */
export const takeReturnTo = (locationToken: string, base: string): string => {
  const path = sessionStorage.getItem(key(locationToken));
  sessionStorage.removeItem(key(locationToken));
  return path?.startsWith(`${base}/`) || path === base ? path : base;
};
