import type { SurveyLanguage } from '@graphium/shared/translations';
import { IntlMessageFormat } from 'intl-messageformat';
import english from './messages/en.json';

// The respondent page's own texts (decision 025): ICU messages in one catalogue per
// language, formatted by FormatJS's intl-messageformat. The catalogues are parsed at build time
// (vite.config.ts `icuCatalogues`), so the page ships the formatter without the parser; English is
// in the first view's bundle, the other languages load when chosen.

export type MessageId = keyof typeof english;
type MessageValues = Record<string, string | number>;
/** A catalogue as the build delivers it: each message already parsed (FormatJS's AST). */
type Catalogue = Record<MessageId, unknown>;

const loaders: Record<Exclude<SurveyLanguage, 'en'>, () => Promise<{ default: unknown }>> = {
  es: () => import('./messages/es.json'),
  fr: () => import('./messages/fr.json'),
  de: () => import('./messages/de.json'),
  pt: () => import('./messages/pt.json'),
};

export interface Translator {
  language: SurveyLanguage;
  t: (id: MessageId, values?: MessageValues) => string;
}

function createTranslator(language: SurveyLanguage, catalogue: Catalogue): Translator {
  const formats = new Map<MessageId, IntlMessageFormat>();
  return {
    language,
    t(id, values) {
      let format = formats.get(id);
      if (!format) {
        // A message missing from a catalogue falls back to English rather than showing an id.
        const message = (catalogue[id] ?? (english as Catalogue)[id]) as ConstructorParameters<
          typeof IntlMessageFormat
        >[0];
        format = new IntlMessageFormat(message, language);
        formats.set(id, format);
      }
      return String(format.format(values));
    },
  };
}

export const englishTranslator = createTranslator('en', english as Catalogue);

const loaded = new Map<SurveyLanguage, Translator>([['en', englishTranslator]]);

/** The translator of a language at once when it is loaded, else undefined. */
export function loadedTranslator(language: SurveyLanguage): Translator | undefined {
  return loaded.get(language);
}

/** Loads a language's catalogue (once) and answers its translator. */
export async function loadTranslator(language: SurveyLanguage): Promise<Translator> {
  const known = loaded.get(language);
  if (known) return known;
  if (language === 'en') return englishTranslator;
  const catalogue = (await loaders[language]()).default as Catalogue;
  const translator = createTranslator(language, catalogue);
  loaded.set(language, translator);
  return translator;
}
