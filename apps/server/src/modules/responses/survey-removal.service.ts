// Removing surveys with their aggregates (docs/decisions/043-erasure-and-access-requests.md), as
// other modules reach it: retention and template deletion (decision 044).
export { removeSurveys } from './survey-removal.js';
