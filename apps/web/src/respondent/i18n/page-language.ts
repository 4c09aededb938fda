// Where the respondent page reads a wanted language (decision 025): the link's `?lang=` and the
// browser's languages, in the respondent's order of preference.

export function linkLanguage(
  search = typeof window === 'undefined' ? '' : window.location.search,
): string | null {
  return new URLSearchParams(search).get('lang');
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
