// Class lists shared by the respondent views (Tailwind, scanned from this folder only).

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export const primaryButton = `inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-lg bg-indigo-600 px-3 py-2.5 sm:px-5 font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

export const secondaryButton = `inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-lg border border-gray-300 bg-white px-3 py-2.5 sm:px-5 font-semibold text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

export const textControl = `block w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5 text-base text-gray-900 placeholder:text-gray-500 focus:border-indigo-600 ${focusRing} aria-invalid:border-red-600`;

/** A visually hidden radio or checkbox whose label looks like a button. */
export const hiddenInput = 'peer sr-only';
export const optionTile = `flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-gray-400 bg-white px-2 font-semibold text-gray-800 select-none hover:border-indigo-600 peer-checked:border-indigo-600 peer-checked:bg-indigo-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600`;

export const headingFocus = 'outline-none';
