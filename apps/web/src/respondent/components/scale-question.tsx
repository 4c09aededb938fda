import { useTranslator } from '../i18n/use-translator';
import { hiddenInput, optionTile } from './styles';

interface ScaleOption {
  value: number;
  /** The accessible name when it differs from the number shown (stars). */
  label?: string;
}

interface ScaleProps {
  name: string;
  options: ScaleOption[];
  value: number | undefined;
  onChange: (value: number) => void;
  startLabel?: string;
  endLabel?: string;
  labelsId: string;
}

export function ScaleLabels({
  id,
  startLabel,
  endLabel,
}: {
  id: string;
  startLabel?: string;
  endLabel?: string;
}) {
  if (!startLabel && !endLabel) return null;
  return (
    <div id={id} className="mt-2 flex justify-between gap-4 text-sm text-gray-700">
      <span>{startLabel}</span> <span className="text-right">{endLabel}</span>
    </div>
  );
}

/**
 * NPS (0-10) and numeric scales (docs/product-rules.md#the-respondent-page): one button per number, built on
 * native radio
 * inputs so arrow keys, Tab and screen readers work as for any radio group.
 */
export function NumberScale({ name, options, value, onChange, startLabel, endLabel, labelsId }: ScaleProps) {
  // Up to 11 numbers share one row (NPS fits a 360 px screen); longer scales wrap.
  const isRow = options.length <= 11;
  return (
    <div>
      <div
        className={isRow ? 'grid gap-1 sm:gap-2' : 'flex flex-wrap gap-2'}
        style={isRow ? { gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` } : undefined}
      >
        {options.map((option) => (
          <label key={option.value} className={isRow ? 'min-w-0' : 'min-w-11'}>
            <input
              type="radio"
              className={hiddenInput}
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-describedby={startLabel || endLabel ? labelsId : undefined}
            />
            <span className={optionTile}>{option.value}</span>
          </label>
        ))}
      </div>
      <ScaleLabels id={labelsId} startLabel={startLabel} endLabel={endLabel} />
    </div>
  );
}

function Star({ isFilled }: { isFilled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-10">
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        strokeWidth="1.5"
        strokeLinejoin="round"
        className={isFilled ? 'fill-amber-400 stroke-amber-700' : 'fill-white stroke-gray-600'}
      />
    </svg>
  );
}

/**
 * Star rating 1-5 (docs/product-rules.md#the-respondent-page): radios named "1 star" ... "5 stars", drawn as
 * stars.
 */
export function StarScale({
  name,
  value,
  onChange,
  startLabel,
  endLabel,
  labelsId,
}: Omit<ScaleProps, 'options'>) {
  const { t } = useTranslator();
  return (
    <div className="w-fit">
      <div className="flex gap-1 sm:gap-2">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="cursor-pointer">
            <input
              type="radio"
              className={hiddenInput}
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-describedby={startLabel || endLabel ? labelsId : undefined}
            />
            <span className="sr-only">{t('question.stars', { stars })}</span>
            <span className="block rounded-lg p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600">
              <Star isFilled={value !== undefined && stars <= value} />
            </span>
          </label>
        ))}
      </div>
      <ScaleLabels id={labelsId} startLabel={startLabel} endLabel={endLabel} />
    </div>
  );
}
