/** An invitation link works for a week (issue 3: single-use, expiring). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_LIFETIME_DAYS = INVITATION_LIFETIME_MS / (24 * 60 * 60 * 1000);
