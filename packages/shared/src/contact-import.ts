import { z } from 'zod';

// CSV import of contacts (docs/decisions/038-contacts.md): upload (the server reads the file and
// answers a preview), map the columns, start; the import job writes its progress and the report
// of rejected rows.

/** 100,000 rows of a few columns, with room to spare. */
export const maxContactImportCharacters = 40 * 1024 * 1024;
export const maxContactImportRows = 200_000;
/** Rejected rows kept for the report; the count covers them all. */
export const maxReportedRejectedRows = 1000;

export const contactImportFields = ['emailAddress', 'phoneNumber', 'name'] as const;
export type ContactImportField = (typeof contactImportFields)[number];
export const contactImportFieldLabels: Record<ContactImportField, string> = {
  emailAddress: 'Email Address',
  phoneNumber: 'Phone Number',
  name: 'Name',
};
/** A column's target: a contact field, `attribute:<name>`, or '' to skip it. */
export const attributeTarget = (name: string) => `attribute:${name}`;

export const uploadContactImportSchema = z.object({
  csv: z
    .string({ error: 'Attach a CSV file' })
    .min(1, 'The file is empty')
    .max(maxContactImportCharacters, 'The file is too large: import at most 40 MB at a time'),
  fileName: z.string().trim().max(255).optional(),
});
export type UploadContactImportInput = z.input<typeof uploadContactImportSchema>;

export const startContactImportSchema = z.object({
  /** Column header → target ('' skips the column). */
  mapping: z.record(z.string(), z.string().max(120)),
});
export type StartContactImportInput = z.input<typeof startContactImportSchema>;

const contactImportStatuses = ['uploaded', 'running', 'finished', 'failed'] as const;

export const contactImportSchema = z.object({
  importId: z.uuid(),
  status: z.enum(contactImportStatuses),
  fileName: z.string().nullable(),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()).nullable(),
  totalRows: z.int(),
  processedRows: z.int(),
  createdCount: z.int(),
  updatedCount: z.int(),
  rejectedCount: z.int(),
  rejectedRows: z.array(z.object({ row: z.int(), errors: z.record(z.string(), z.string()) })),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** Why a failed import stopped (null otherwise); a failed import can be retried. */
  failureReason: z.string().nullable(),
});
export type ContactImport = z.infer<typeof contactImportSchema>;

/** The upload's reply: the import, its first rows and a mapping guessed from the headers. */
export const contactImportPreviewSchema = z.object({
  import: contactImportSchema,
  sampleRows: z.array(z.array(z.string())),
  suggestedMapping: z.record(z.string(), z.string()),
});
export type ContactImportPreview = z.infer<typeof contactImportPreviewSchema>;

export const contactImportParamsSchema = z.object({ importId: z.string() });

const simplified = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const fieldAliases: Record<ContactImportField, string[]> = {
  emailAddress: ['email', 'emailaddress', 'mail', 'e-mail'],
  phoneNumber: ['phone', 'phonenumber', 'mobile', 'cell', 'telephone', 'sms'],
  name: ['name', 'fullname', 'contactname'],
};

/** The target each header most likely fills: a field by its usual names, an attribute by its name or label. */
export function suggestContactMapping(
  headers: readonly string[],
  attributes: readonly { name: string; displayName: string }[],
): Record<string, string> {
  const taken = new Set<string>();
  const mapping: Record<string, string> = {};
  for (const header of headers) {
    const key = simplified(header);
    const field = contactImportFields.find((candidate) =>
      fieldAliases[candidate].some((alias) => simplified(alias) === key),
    );
    const attribute = attributes.find(
      (candidate) => simplified(candidate.name) === key || simplified(candidate.displayName) === key,
    );
    const target = field ?? (attribute ? attributeTarget(attribute.name) : '');
    mapping[header] = target && !taken.has(target) ? target : '';
    if (target) taken.add(target);
  }
  return mapping;
}

/** Checks a mapping: known targets, each used once, an address or number among them. */
export function checkContactMapping(
  headers: readonly string[],
  mapping: Readonly<Record<string, string>>,
  attributeNames: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const used = new Map<string, string>();
  for (const [header, target] of Object.entries(mapping)) {
    if (!headers.includes(header)) errors[header] = `The file has no column "${header}"`;
    else if (target === '') continue;
    else if (
      !(contactImportFields as readonly string[]).includes(target) &&
      !attributeNames.some((name) => attributeTarget(name) === target)
    ) {
      errors[header] = `Column "${header}" maps to an unknown field`;
    } else if (used.has(target)) {
      errors[header] = `Columns "${used.get(target)}" and "${header}" both fill the same field`;
    } else {
      used.set(target, header);
    }
  }
  if (!used.has('emailAddress') && !used.has('phoneNumber')) {
    errors._ = 'Map a column to Email Address or Phone Number';
  }
  return errors;
}

/** `GET|PUT /workspace/contact-settings`: the fatigue rule (decision 038). */
export const contactSettingsSchema = z.object({
  fatigueDays: z
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(0, 'Enter 0 (no limit) or more days')
    .max(365, 'Enter at most 365 days'),
});
export type ContactSettings = z.infer<typeof contactSettingsSchema>;
export const defaultFatigueDays = 30;
