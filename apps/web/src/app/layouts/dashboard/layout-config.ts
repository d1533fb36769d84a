/** Layout sizes of spec §9, in px. */
export const NAV_WIDTH = 280;
export const NAV_MINI_WIDTH = 102;
export const HEADER_HEIGHT_MOBILE = 64;
export const HEADER_HEIGHT_DESKTOP = 92;
export const ACCOUNT_POPOVER_WIDTH = 220;
