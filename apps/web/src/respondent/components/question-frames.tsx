import type { ReactNode } from 'react';

// How a question's control meets its heading: grouped controls (scales, choices, a matrix) take
// their name from a legend, single controls (text, a date, a ranking) from the heading.

export function groupFrame(heading: ReactNode, control: ReactNode) {
  return (
    <fieldset>
      <legend className="mb-4 w-full">{heading}</legend>
      {control}
    </fieldset>
  );
}

export function singleFrame(heading: ReactNode, control: ReactNode) {
  return (
    <div>
      <div className="mb-4">{heading}</div>
      {control}
    </div>
  );
}
