import {
  type RetentionSettings,
  type RetentionSettingsInput,
  retentionSettingsInputSchema,
} from '@graphium/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SectionCard } from '@/components/ui/section-card';
import { getErrorDetails } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useUpdateRetentionSettings } from '../api/update-retention-settings';

type Field = keyof RetentionSettingsInput;
type Texts = Record<Field, string>;

const textsOf = (settings: RetentionSettingsInput): Texts => ({
  responseMonths: settings.responseMonths === null ? '' : String(settings.responseMonths),
  unansweredSurveyDays: settings.unansweredSurveyDays === null ? '' : String(settings.unansweredSurveyDays),
  outboxBodyDays: String(settings.outboxBodyDays),
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The form's fields, read as the server reads them: empty keeps the data. */
function parse(texts: Texts) {
  return retentionSettingsInputSchema.safeParse({
    responseMonths: numberOrNull(texts.responseMonths),
    unansweredSurveyDays: numberOrNull(texts.unansweredSurveyDays),
    outboxBodyDays: numberOrNull(texts.outboxBodyDays) ?? Number.NaN,
  });
}

function LastRun({ lastRun }: { lastRun: RetentionSettings['lastRun'] }) {
  if (!lastRun)
    return <p className="text-sm text-gray-600">The daily run has not applied these settings yet.</p>;
  const { removed } = lastRun;
  return (
    <p className="text-sm text-gray-700">
      Last run {formatDateTime(lastRun.ranAt)}: removed {formatNumber(removed.responses)} responses and{' '}
      {formatNumber(removed.unansweredSurveys)} unanswered surveys, and erased the text of{' '}
      {formatNumber(removed.outboxBodies)} messages.
    </p>
  );
}

/** Settings → Data retention: how long the workspace keeps responses, unanswered surveys and message texts. */
export function RetentionSettingsForm({ settings }: { settings: RetentionSettings }) {
  const update = useUpdateRetentionSettings();
  const [texts, setTexts] = useState<Texts>(() => textsOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSaving, setIsSaving] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) =>
    setTexts((current) => ({ ...current, [field]: event.target.value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(texts);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    setIsSaving(true);
    try {
      const saved = await toastPromise(update.mutateAsync(parsed.data), {
        pending: 'Saving retention...',
        success: 'Retention saved. The daily run applies it.',
        error: 'Failed to save retention.',
      });
      setTexts(textsOf(saved));
    } catch (error) {
      setErrors(getErrorDetails(error));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <SectionCard
      title="Retention"
      description="Once a day, what is older than these limits is removed for good, a small batch at a time; the summaries and benchmarks are corrected as it goes. Leave a field empty to keep that data."
    >
      <form onSubmit={(event) => void save(event)} noValidate className="max-w-xl space-y-4">
        <TextField
          label="Keep responses for (months)"
          inputMode="numeric"
          hint="Answered surveys, from their last answer. Empty: kept."
          value={texts.responseMonths}
          onChange={change('responseMonths')}
          error={errors.responseMonths}
        />
        <TextField
          label="Keep unanswered surveys for (days)"
          inputMode="numeric"
          hint="Surveys nobody answered, from when they were sent. Empty: kept."
          value={texts.unansweredSurveyDays}
          onChange={change('unansweredSurveyDays')}
          error={errors.unansweredSurveyDays}
        />
        <TextField
          label="Keep message texts for (days)"
          inputMode="numeric"
          hint="The text of e-mails and SMS sent; who they went to and when stays. 30 days by default."
          value={texts.outboxBodyDays}
          onChange={change('outboxBodyDays')}
          error={errors.outboxBodyDays}
        />
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save Retention'}
        </Button>
      </form>
      <div className="mt-5 border-t border-gray-200 pt-4">
        <LastRun lastRun={settings.lastRun} />
      </div>
    </SectionCard>
  );
}
