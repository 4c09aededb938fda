import { useTranslator } from '../i18n/use-translator';
import { textControl } from './styles';

interface TextProps {
  id: string;
  labelledBy: string;
  isRequired: boolean;
  placeholder: string;
  maxLength: number;
  value: string | undefined;
  onChange: (value: string) => void;
}

/**
 * ShortTextEntry (docs/product-rules.md#the-respondent-page): one line; the browser ignores input beyond
 * maxLength (docs/product-rules.md#the-respondent-page).
 */
export function ShortText({
  id,
  labelledBy,
  isRequired,
  placeholder,
  maxLength,
  value,
  onChange,
}: TextProps) {
  return (
    <input
      id={id}
      type="text"
      aria-labelledby={labelledBy}
      aria-required={isRequired}
      className={textControl}
      placeholder={placeholder}
      maxLength={maxLength}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** LongTextEntry (docs/product-rules.md#the-respondent-page): several lines with an "n / max" counter. */
export function LongText({ id, labelledBy, isRequired, placeholder, maxLength, value, onChange }: TextProps) {
  const { t } = useTranslator();
  const text = value ?? '';
  return (
    <div>
      <textarea
        id={id}
        aria-labelledby={labelledBy}
        aria-describedby={`${id}-count`}
        aria-required={isRequired}
        className={`${textControl} min-h-32 resize-y`}
        rows={5}
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-count`} className="mt-1 text-right text-sm text-gray-700">
        {text.length} / {maxLength} <span className="sr-only">{t('question.characters')}</span>
      </p>
    </div>
  );
}
