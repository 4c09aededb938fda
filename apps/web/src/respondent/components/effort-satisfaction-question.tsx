import { useTranslator } from '../i18n/use-translator';
import { NumberScale, ScaleLabels, StarScale } from './scale-question';
import { hiddenInput } from './styles';

// Customer Effort Score (1-7) and CSAT (1-5, faces or stars), decision 027: native radios like
// the other scales, so arrow keys, Tab and screen readers work the same.

interface ScaleQuestionProps {
  name: string;
  value: number | undefined;
  onChange: (value: number) => void;
  startLabel: string;
  endLabel: string;
  labelsId: string;
}

export function EffortScale(props: ScaleQuestionProps) {
  const options = Array.from({ length: 7 }, (_, index) => ({ value: index + 1 }));
  return <NumberScale {...props} options={options} />;
}

/** Mouth curves from a frown (1) to a broad smile (5). */
const mouths = ['M8 17q4-4 8 0', 'M8.5 16.5q3.5-2 7 0', 'M8.5 16h7', 'M8.5 15.5q3.5 2 7 0', 'M8 15q4 4 8 0'];
const faceColours = [
  'fill-red-100 stroke-red-800',
  'fill-orange-100 stroke-orange-800',
  'fill-yellow-100 stroke-yellow-800',
  'fill-lime-100 stroke-lime-800',
  'fill-green-100 stroke-green-800',
];

function Face({ level, isChosen }: { level: number; isChosen: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-11">
      <circle
        cx="12"
        cy="12"
        r="10"
        strokeWidth="1.5"
        className={isChosen ? faceColours[level - 1] : 'fill-white stroke-gray-600'}
      />
      <circle cx="9" cy="10" r="1.2" className="fill-current stroke-none" />
      <circle cx="15" cy="10" r="1.2" className="fill-current stroke-none" />
      <path
        d={mouths[level - 1]}
        fill="none"
        strokeWidth="1.5"
        strokeLinecap="round"
        className="stroke-current"
      />
    </svg>
  );
}

export function SatisfactionScale({
  display,
  ...props
}: ScaleQuestionProps & { display: 'faces' | 'stars' }) {
  const { t } = useTranslator();
  if (display === 'stars') return <StarScale {...props} />;
  const { name, value, onChange, startLabel, endLabel, labelsId } = props;
  return (
    <div className="w-fit">
      <div className="flex gap-1 sm:gap-3">
        {[1, 2, 3, 4, 5].map((level) => {
          const text = t('csat.face', { level: String(level) });
          return (
            <label key={level} className="cursor-pointer text-gray-800">
              <input
                type="radio"
                className={hiddenInput}
                name={name}
                value={level}
                checked={value === level}
                onChange={() => onChange(level)}
                aria-describedby={startLabel || endLabel ? labelsId : undefined}
              />
              <span className="sr-only">{text}</span>
              <span className="block rounded-full p-0.5 peer-checked:ring-2 peer-checked:ring-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600">
                <Face level={level} isChosen={value === level} />
              </span>
            </label>
          );
        })}
      </div>
      <ScaleLabels id={labelsId} startLabel={startLabel} endLabel={endLabel} />
    </div>
  );
}
