import { languageNames, missingTranslations, type SurveyLanguage } from '@graphium/shared';
import { Link } from 'react-router';
import { templatePath } from '../api/template-kind';
import { useTemplateEditor } from './template-context';

/**
 * The Questions tab's word on translations (decision 025): how many texts each language still lacks,
 * with the way to the Translations tab. Nothing when the template has one language or all is done.
 */
export function MissingTranslations() {
  const { config, version } = useTemplateEditor();
  const missing = Object.entries(missingTranslations(version.definition)).filter(
    ([, count]) => (count ?? 0) > 0,
  );
  if (missing.length === 0) return null;
  const parts = missing.map(
    ([language, count]) =>
      `${languageNames[language as SurveyLanguage]}: ${count} ${count === 1 ? 'text' : 'texts'} missing`,
  );
  return (
    <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <span className="font-semibold">Translations incomplete.</span> {parts.join('; ')}. Untranslated texts
      show in {languageNames[version.definition.defaultLanguage]}.{' '}
      <Link
        to={templatePath(config.kind, version.versionId, 'translations')}
        className="font-semibold underline hover:no-underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Open Translations
      </Link>
    </p>
  );
}
