import type { ReactNode } from 'react';
import { LanguageMenu } from '../i18n/language-menu';
import { useTranslator } from '../i18n/use-translator';

/**
 * The page around every view: the workspace logo (docs/product-rules.md#the-respondent-page: not on loading
 * and error views) and the language menu when the survey offers several (decision 025).
 */
export function PageShell({ logoUrl, children }: { logoUrl?: string | null; children: ReactNode }) {
  const { t } = useTranslator();
  return (
    <div className="min-h-dvh bg-gray-50 text-gray-900 sm:py-10">
      <main className="mx-auto w-full max-w-2xl px-4 py-6 sm:rounded-xl sm:border sm:border-gray-200 sm:bg-white sm:px-8 sm:py-8 sm:shadow-sm">
        <header className="mb-6 flex flex-wrap items-center justify-between gap-3 empty:hidden">
          {logoUrl ? (
            <img src={logoUrl} alt={t('page.logo')} className="h-12 w-auto max-w-48 object-contain" />
          ) : null}
          <LanguageMenu />
        </header>
        {children}
      </main>
    </div>
  );
}

export function RequiredMark() {
  const { t } = useTranslator();
  // The space is its own text node: name computations keep it, so the name reads "Label (required)".
  return (
    <>
      {' '}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
      <span className="sr-only">{t('page.required')}</span>
    </>
  );
}

/** An error the person must notice: announced by screen readers as it appears. */
export function ErrorMessage({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      {children}
    </p>
  );
}
