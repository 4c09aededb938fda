import { nativeLanguageNames, type SurveyLanguage } from '@graphium/shared/translations';
import { createContext, type ReactNode, useContext, useId } from 'react';
import { useTranslator } from './use-translator';

interface LanguageChoice {
  languages: readonly SurveyLanguage[];
  language: SurveyLanguage;
  onChange: (language: SurveyLanguage) => void;
}

const LanguageChoiceContext = createContext<LanguageChoice | undefined>(undefined);

export function LanguageChoiceProvider({ value, children }: { value: LanguageChoice; children: ReactNode }) {
  return <LanguageChoiceContext.Provider value={value}>{children}</LanguageChoiceContext.Provider>;
}

/**
 * The page's language menu (decision 025): the template's languages, each named in its own language,
 * as a native select (keyboard, touch and screen readers for free). Nothing when there is one.
 */
export function LanguageMenu() {
  const choice = useContext(LanguageChoiceContext);
  const { t } = useTranslator();
  const id = useId();
  if (!choice || choice.languages.length < 2) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium text-gray-700">
        {t('page.language')}
      </label>
      <select
        id={id}
        value={choice.language}
        onChange={(event) => choice.onChange(event.target.value as SurveyLanguage)}
        className="min-h-11 rounded-lg border border-gray-400 bg-white px-2 py-1.5 text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {choice.languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {nativeLanguageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
