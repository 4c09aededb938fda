import { useTranslator } from '../i18n/use-translator';
import { textControl } from './styles';

interface DateQuestionProps {
  id: string;
  labelledBy: string;
  isRequired: boolean;
  minDate: string;
  maxDate: string;
  value: string | undefined;
  onChange: (value: string) => void;
}

/** A YYYY-MM-DD date as the local midnight's time, for the messages' `date` format. */
function localTime(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day!).getTime();
}

/**
 * A date (decision 027): the browser's own date input, named by the question, with its range said
 * in words; no date-picker library, so the page stays small.
 */
export function DateQuestion({
  id,
  labelledBy,
  isRequired,
  minDate,
  maxDate,
  value,
  onChange,
}: DateQuestionProps) {
  const { t } = useTranslator();
  const rangeId = `${id}-range`;
  const hasRange = Boolean(minDate || maxDate);
  return (
    <div>
      <input
        id={id}
        type="date"
        aria-labelledby={labelledBy}
        aria-describedby={hasRange ? rangeId : undefined}
        required={isRequired}
        className={`${textControl} max-w-xs`}
        min={minDate || undefined}
        max={maxDate || undefined}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      />
      {hasRange ? (
        <p id={rangeId} className="mt-2 text-sm text-gray-700">
          {t('date.range', {
            range: minDate && maxDate ? 'both' : minDate ? 'from' : 'to',
            min: minDate ? localTime(minDate) : 0,
            max: maxDate ? localTime(maxDate) : 0,
          })}
        </p>
      ) : null}
    </div>
  );
}
