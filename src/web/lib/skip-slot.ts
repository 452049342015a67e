/**
 * The element before the header where a screen's skip links go (a portal), so the page's first
 * Tab reaches them before the logo (issue 24; the host panel's were after the header).
 */
export const SKIP_LINKS_SLOT_ID = 'skip-links-slot';
