import { isValidReviewLink } from '@graphium/shared/answer-rules';
import { RequiredMark } from './page-shell';

interface ConsentQuestionProps {
  id: string;
  describedBy: string;
  isRequired: boolean;
  consentText: string;
  linkUrl: string;
  linkLabel: string;
  value: boolean;
  onChange: (value: boolean) => void;
}

/**
 * Consent (decision 027): one tick box labelled by the consent text, and the optional link (only
 * http(s), opened in a new tab without opener or referrer). Unticked is no answer (false is never saved).
 */
export function ConsentQuestion({
  id,
  describedBy,
  isRequired,
  consentText,
  linkUrl,
  linkLabel,
  value,
  onChange,
}: ConsentQuestionProps) {
  return (
    <div className="space-y-3">
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-gray-900">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-6 shrink-0 accent-indigo-600"
          checked={value}
          aria-describedby={describedBy}
          aria-required={isRequired}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="whitespace-pre-wrap">
          {consentText}
          {isRequired ? <RequiredMark /> : null}
        </span>
      </label>
      {isValidReviewLink(linkUrl) ? (
        <a
          href={linkUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-block font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          {linkLabel || linkUrl}
        </a>
      ) : null}
    </div>
  );
}
