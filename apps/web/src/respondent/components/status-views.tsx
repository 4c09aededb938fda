import { useRef } from 'react';
import { useTranslator } from '../i18n/use-translator';
import { PageShell } from './page-shell';
import { headingFocus, primaryButton } from './styles';
import { useFocusOnMount } from './use-focus-on-mount';

export function LoadingView() {
  const { t } = useTranslator();
  return (
    <PageShell>
      <p role="status" className="py-16 text-center text-gray-700">
        {t('status.loading')}
      </p>
    </PageShell>
  );
}

/**
 * docs/product-rules.md#the-respondent-page: "Survey Not Found" for an unknown or expired survey and on a
 * load error. When the
 * server was not reached (or failed), the page says so and offers to try again: the survey may
 * well exist.
 */
export function NotFoundView({ problem, onRetry }: { problem?: string; onRetry?: () => void }) {
  const { t } = useTranslator();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <PageShell>
      <div className="py-10 text-center">
        <h1 ref={heading} tabIndex={-1} className={`text-2xl font-bold ${headingFocus}`}>
          {t('status.notFoundTitle')}
        </h1>
        <p className="mt-3 text-gray-700">{t('status.notFoundText')}</p>
        {problem ? (
          <>
            <p role="alert" className="mt-4 text-red-800">
              {problem}
            </p>
            {onRetry ? (
              <button type="button" className={`${primaryButton} mt-6`} onClick={onRetry}>
                {t('status.tryAgain')}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </PageShell>
  );
}
