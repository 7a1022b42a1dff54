/** The footer's id (`#contatti` links to it); the home watches it to load the footer's code when it comes near. */
export const SITE_FOOTER_ID = "contatti";
