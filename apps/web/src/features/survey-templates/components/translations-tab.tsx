import {
  type LanguageTranslation,
  languageNames,
  missingTranslations,
  type SurveyDefinition,
  type SurveyLanguage,
  surveyLanguages,
  templateLanguages,
} from '@graphium/shared';
import { Download, Languages, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { exportTranslationsUrl, useImportTranslations } from '../api/template-translations';
import { ConfirmDialog } from './confirm-dialog';
import { TabHeading } from './tab-heading';
import { TabState } from './tab-state';
import { type SaveMessages, useTemplateEditor } from './template-context';
import { TranslationGrid } from './translation-grid';

const selectClasses =
  'min-h-10 rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:bg-gray-50';

/** Translations tab (decision 025): a template's languages and their texts. */
export function TranslationsTab() {
  return (
    <TabState loading="Loading translations..." error={(message) => `Error loading translations: ${message}`}>
      <TranslationsPanel />
    </TabState>
  );
}

function TranslationsPanel() {
  const { config, version, roleBlock, save, isSaving } = useTemplateEditor();
  const definition = version.definition;
  const translated = templateLanguages(definition).slice(1);
  const [chosen, setChosen] = useState<SurveyLanguage>();
  const [removed, setRemoved] = useState<SurveyLanguage>();
  const [problems, setProblems] = useState<ImportProblems>();
  const language = chosen && translated.includes(chosen) ? chosen : translated[0];
  const missing = missingTranslations(definition);
  const editBlock =
    roleBlock('translate templates') ??
    (version.state === 'DRAFT'
      ? undefined
      : 'Only a draft can change its texts. Use Edit to make a new draft.');
  const ids = { add: useId(), language: useId(), source: useId() };
  const [added, setAdded] = useState<SurveyLanguage | ''>('');
  const addable = surveyLanguages.filter(
    (candidate) => candidate !== definition.defaultLanguage && !translated.includes(candidate),
  );

  const saveDefinition = (changes: Partial<SurveyDefinition>, messages: SaveMessages) =>
    save({ definition: { ...definition, ...changes } }, messages);

  const addLanguage = async () => {
    if (!added) return;
    await saveDefinition(
      { translations: { ...definition.translations, [added]: { questions: {} } } },
      {
        pending: 'Adding language...',
        success: `${languageNames[added]} added`,
        error: 'Failed to add language.',
      },
    ).catch(() => undefined);
    setChosen(added);
    setAdded('');
  };
  const removeLanguage = async () => {
    if (!removed) return;
    const { [removed]: _dropped, ...rest } = definition.translations;
    await saveDefinition(
      { translations: rest },
      {
        pending: 'Removing language...',
        success: `${languageNames[removed]} removed`,
        error: 'Failed to remove language.',
      },
    );
    setRemoved(undefined);
  };
  const changeDefault = (next: SurveyLanguage) =>
    void saveDefinition(
      { defaultLanguage: next },
      {
        pending: 'Saving...',
        success: 'Default language saved',
        error: 'Failed to save the default language.',
      },
    ).catch(() => undefined);
  const saveTranslation = (translation: LanguageTranslation) =>
    saveDefinition(
      { translations: { ...definition.translations, [language as SurveyLanguage]: translation } },
      {
        pending: 'Saving translations...',
        success: 'Translations saved',
        error: 'Failed to save translations.',
      },
    );

  return (
    <section>
      <TabHeading
        title="Translations"
        description="Respondents read the survey in their link's or browser's language when the template offers it. A text without a translation shows in the default language."
        action={
          <>
            <a
              href={exportTranslationsUrl(config.kind, version.versionId)}
              download
              className={buttonClasses({ variant: 'secondary' })}
            >
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </a>
            <ImportButton editBlock={editBlock} onProblems={setProblems} />
          </>
        }
      />
      {problems && (
        <StatusMessage tone="error" title="The translations were not imported" className="mb-6">
          <p>{problems.message}</p>
          {problems.details.length > 1 && (
            <ul className="mt-2 list-disc pl-5">
              {problems.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </StatusMessage>
      )}
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={ids.source} className="block text-sm font-medium text-gray-900">
            Default language
          </label>
          <select
            id={ids.source}
            className={`${selectClasses} mt-1`}
            value={definition.defaultLanguage}
            disabled={editBlock !== undefined || isSaving}
            onChange={(event) => changeDefault(event.target.value as SurveyLanguage)}
          >
            {surveyLanguages
              .filter((candidate) => !translated.includes(candidate))
              .map((candidate) => (
                <option key={candidate} value={candidate}>
                  {languageNames[candidate]}
                </option>
              ))}
          </select>
        </div>
        {addable.length > 0 && (
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor={ids.add} className="block text-sm font-medium text-gray-900">
                Add a language
              </label>
              <select
                id={ids.add}
                className={`${selectClasses} mt-1`}
                value={added}
                disabled={editBlock !== undefined}
                onChange={(event) => setAdded(event.target.value as SurveyLanguage | '')}
              >
                <option value="">Choose...</option>
                {addable.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {languageNames[candidate]}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant="secondary"
              disabled={!added || isSaving}
              disabledReason={editBlock}
              onClick={() => void addLanguage()}
            >
              Add Language
            </Button>
          </div>
        )}
      </div>
      {!language ? (
        <EmptyState icon={Languages} title="No Translations Yet">
          Add a language, then translate the questions, options, labels and the opening and closing texts,
          here or in a CSV file for a translator.
        </EmptyState>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={ids.language} className="block text-sm font-medium text-gray-900">
                Translate into
              </label>
              <select
                id={ids.language}
                className={`${selectClasses} mt-1`}
                value={language}
                onChange={(event) => setChosen(event.target.value as SurveyLanguage)}
              >
                {translated.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {`${languageNames[candidate]} (${missing[candidate] ?? 0} missing)`}
                  </option>
                ))}
              </select>
            </div>
            <Button variant="secondary" disabledReason={editBlock} onClick={() => setRemoved(language)}>
              {`Remove ${languageNames[language]}`}
            </Button>
          </div>
          <TranslationGrid
            key={`${language}-${version.updatedAt}`}
            definition={definition}
            language={language}
            editBlock={editBlock}
            isSaving={isSaving}
            onSave={saveTranslation}
          />
        </>
      )}
      <ConfirmDialog
        isOpen={removed !== undefined}
        onOpenChange={(isOpen) => !isOpen && setRemoved(undefined)}
        title="Remove Language"
        description={`Remove ${removed ? languageNames[removed] : ''} and all its translations from this version?`}
        confirmLabel="Remove"
        onConfirm={removeLanguage}
        isPending={isSaving}
      />
    </section>
  );
}

/** Reads a translator's CSV and imports it; every problem the server names is listed. */
type ImportProblems = { message: string; details: string[] };

function ImportButton({
  editBlock,
  onProblems,
}: {
  editBlock: string | undefined;
  onProblems: (problems: ImportProblems | undefined) => void;
}) {
  const { config, version } = useTemplateEditor();
  const importing = useImportTranslations(config.kind, version.versionId);
  const input = useRef<HTMLInputElement>(null);

  const read = async (file: File) => {
    onProblems(undefined);
    const csv = await file.text();
    await toastPromise(importing.mutateAsync({ csv, updatedAt: version.updatedAt }), {
      pending: 'Importing translations...',
      success: 'Translations imported',
      error: 'Failed to import translations.',
    }).catch((error: unknown) => {
      onProblems({
        message: getErrorMessage(error, 'Failed to import translations.'),
        details: Object.values(getErrorDetails(error)),
      });
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
      <Button
        variant="secondary"
        disabled={importing.isPending}
        disabledReason={editBlock}
        onClick={() => input.current?.click()}
      >
        <Upload className="size-4" aria-hidden="true" />
        Import CSV
      </Button>
    </>
  );
}
