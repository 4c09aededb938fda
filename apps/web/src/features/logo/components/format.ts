/** The label the format answers to: the part of `image/svg+xml` a person knows. */
export function formatContentType(contentType: string): string {
  const subtype = contentType.split('/')[1] ?? contentType;
  return subtype.split('+')[0]?.toUpperCase() ?? contentType;
}
