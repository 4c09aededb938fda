import { useRef } from 'react';
import { useTranslator } from '../i18n/use-translator';
import { PageShell } from './page-shell';
import { headingFocus, primaryButton } from './styles';
import { useFocusOnMount } from './use-focus-on-mount';

export interface WelcomeViewProps {
  logoUrl: string | null;
  surveyName: string;
  openingText: string;
  estimatedMinutes: number;
  onStart: () => void;
}

/**
 * docs/product-rules.md#the-respondent-page welcome; the time estimate comes from the questions (decision
 * 005), not a fixed 5.
 */
export function WelcomeView({
  logoUrl,
  surveyName,
  openingText,
  estimatedMinutes,
  onStart,
}: WelcomeViewProps) {
  const { t } = useTranslator();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <PageShell logoUrl={logoUrl}>
      <h1 ref={heading} tabIndex={-1} className={`text-2xl font-bold ${headingFocus}`}>
        {surveyName}
      </h1>
      {openingText ? <p className="mt-4 whitespace-pre-line text-gray-800">{openingText}</p> : null}
      <p className="mt-4 text-gray-700">
        {t('welcome.estimate', { minutes: Math.max(1, estimatedMinutes) })}
      </p>
      <button type="button" className={`${primaryButton} mt-8 w-full sm:w-auto`} onClick={onStart}>
        {t('welcome.start')}
      </button>
    </PageShell>
  );
}
