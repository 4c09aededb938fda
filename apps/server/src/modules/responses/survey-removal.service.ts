// What other modules call to remove surveys (docs/decisions/043-erasure-and-access-requests.md):
// modules reach `responses` through its services; the function lives in survey-removal.ts.
export { removeSurveys } from './survey-removal.js';
