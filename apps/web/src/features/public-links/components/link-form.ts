import { type PublicLink, publicLinkInputSchema, type UpdatePublicLink } from '@graphium/shared';

/** The form's fields as the inputs hold them (text), read into the payload on submit. */
export type LinkFormValues = {
  name: string;
  slug: string;
  closesAt: string;
  maxCompletedResponses: string;
  hourlyCap: string;
  onePerBrowser: boolean;
  onePerContact: boolean;
  frameOrigins: string;
  logoInQrCode: boolean;
};

/** `datetime-local` text (local time, minutes) of an instant. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function linkFormValues(link: PublicLink | undefined, defaultName: string): LinkFormValues {
  return {
    name: link?.name ?? defaultName,
    slug: link?.slug ?? '',
    closesAt: toLocalInput(link?.closesAt ?? null),
    maxCompletedResponses: link?.maxCompletedResponses?.toString() ?? '',
    hourlyCap: link?.hourlyCap?.toString() ?? '',
    onePerBrowser: link?.onePerBrowser ?? false,
    onePerContact: link?.onePerContact ?? false,
    frameOrigins: link?.frameOrigins.join('\n') ?? '',
    logoInQrCode: link?.logoInQrCode ?? false,
  };
}

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

export type LinkFormResult =
  | { fields: UpdatePublicLink; errors?: undefined }
  | { errors: Partial<Record<keyof LinkFormValues, string>>; fields?: undefined };

/** The payload, or the field messages of the shared rules (the server checks the same). */
export function readLinkForm(values: LinkFormValues): LinkFormResult {
  const closesAt = values.closesAt ? new Date(values.closesAt) : null;
  const payload = {
    name: values.name,
    slug: values.slug,
    closesAt: closesAt && !Number.isNaN(closesAt.getTime()) ? closesAt.toISOString() : null,
    maxCompletedResponses: optionalNumber(values.maxCompletedResponses),
    hourlyCap: optionalNumber(values.hourlyCap),
    onePerBrowser: values.onePerBrowser,
    onePerContact: values.onePerContact,
    frameOrigins: values.frameOrigins
      .split(/[\s,]+/)
      .map((origin) => origin.trim())
      .filter(Boolean),
    logoInQrCode: values.logoInQrCode,
  };
  const parsed = publicLinkInputSchema.safeParse(payload);
  if (parsed.success) return { fields: payload };
  const errors: Partial<Record<keyof LinkFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LinkFormValues;
    errors[field] ??= issue.message;
  }
  return { errors };
}
