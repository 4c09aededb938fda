import type { SurveyLanguage } from '@graphium/shared/translations';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { englishTranslator, loadedTranslator, loadTranslator, type Translator } from './translator';

const TranslatorContext = createContext<Translator>(englishTranslator);

export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** The page's texts in the respondent's language. */
export function useTranslator(): Translator {
  return useContext(TranslatorContext);
}

/**
 * The translator of `language`, loading its catalogue when needed; meanwhile the last one shown
 * (or undefined on the first load, when the page shows its loading view). A catalogue that fails
 * to load leaves the page in the language it has.
 */
export function useLanguageTranslator(language: SurveyLanguage): Translator | undefined {
  const [translator, setTranslator] = useState<Translator | undefined>(() => loadedTranslator(language));
  useEffect(() => {
    let isCurrent = true;
    const known = loadedTranslator(language);
    if (known) setTranslator(known);
    else
      loadTranslator(language)
        .then((next) => {
          if (isCurrent) setTranslator(next);
        })
        .catch(() => {
          if (isCurrent) setTranslator((current) => current ?? englishTranslator);
        });
    return () => {
      isCurrent = false;
    };
  }, [language]);
  useEffect(() => {
    if (translator) document.documentElement.lang = translator.language;
  }, [translator]);
  return translator;
}
