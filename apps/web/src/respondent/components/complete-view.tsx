import { isValidReviewLink } from '@graphium/shared/answer-rules';
import { useRef } from 'react';
import { useTranslator } from '../i18n/use-translator';
import { PageShell } from './page-shell';
import { headingFocus, primaryButton } from './styles';
import { useFocusOnMount } from './use-focus-on-mount';

export interface CompleteViewProps {
  logoUrl: string | null;
  closingText?: string;
  reviewLink?: string;
}

/**
 * docs/product-rules.md#the-respondent-page complete view; the review link only when it is an http(s) URL
 * (docs/product-rules.md#the-respondent-page).
 */
export function CompleteView({ logoUrl, closingText, reviewLink }: CompleteViewProps) {
  const { t } = useTranslator();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <PageShell logoUrl={logoUrl}>
      <div className="py-6 text-center">
        <h1 ref={heading} tabIndex={-1} className={`text-2xl font-bold ${headingFocus}`}>
          {t('complete.title')}
        </h1>
        {closingText ? <p className="mt-4 whitespace-pre-line text-gray-800">{closingText}</p> : null}
        {isValidReviewLink(reviewLink) ? (
          <a
            href={reviewLink}
            target="_blank"
            rel="noopener noreferrer"
            className={`${primaryButton} mt-8 no-underline`}
          >
            {t('complete.review')}
            <span className="sr-only"> {t('complete.newTab')}</span>
          </a>
        ) : null}
      </div>
    </PageShell>
  );
}
