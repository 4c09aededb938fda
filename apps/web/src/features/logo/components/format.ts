export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Part 1 §9: numeric month/day/year with 12-hour time (en-US). */
export function formatDateTime(date: string | Date): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(date));
}

/** The label the format answers to: the part of `image/svg+xml` a person knows. */
export function formatContentType(contentType: string): string {
  const subtype = contentType.split('/')[1] ?? contentType;
  return subtype.split('+')[0]?.toUpperCase() ?? contentType;
}
