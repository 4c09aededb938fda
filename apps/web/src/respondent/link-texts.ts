// The respondent page's texts for public links (docs/decisions/024-public-links.md), kept in one
// module so they move into the page's message catalogues with the rest.

export const linkTexts = {
  starting: 'Loading survey...',
  unavailableHeading: 'Survey Unavailable',
  tryAgain: 'Try Again',
  /** The honeypot's label: people never see it (it is off screen and hidden from assistive tech). */
  honeypotLabel: 'Leave this field empty',
} as const;
