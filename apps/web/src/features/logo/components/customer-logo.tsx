import { useState } from 'react';
import { toImageSource, useLogo } from '../api/get-logo';

/** The customer's own logo beside the product mark in the app header; nothing while there is none. */
export function CustomerLogo({ customerName }: { customerName: string | undefined }) {
  const logo = useLogo();
  const [brokenUrl, setBrokenUrl] = useState<string>();
  const url = logo.data?.url;
  if (!url || url === brokenUrl) return null;
  return (
    <span className="flex items-center gap-3">
      <span className="h-6 w-px bg-gray-300" aria-hidden="true" />
      <img
        src={toImageSource(url)}
        alt={customerName ? `${customerName} logo` : 'Customer logo'}
        className="h-8 w-auto max-w-40 object-contain"
        onError={() => setBrokenUrl(url)}
      />
    </span>
  );
}
