/** The reviews' heading: what the home watches to load their code when they come near (home-page.tsx). */
export const REVIEWS_TITLE_ID = "recensioni-title";
