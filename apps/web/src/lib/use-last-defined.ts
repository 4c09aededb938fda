import { useState } from 'react';

/** Keeps showing the last value while a dialog animates closed after its subject is cleared. */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [lastDefined, setLastDefined] = useState(value);
  if (value !== undefined && value !== lastDefined) setLastDefined(value);
  return value ?? lastDefined;
}
