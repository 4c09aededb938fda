import {
  consentFilterValue,
  consentGivenText,
  questionFilterOperators,
  type ResponseFilter,
  type ResponseFilterOperator,
  type ResponseStatusValue,
  type SurveyLanguage,
  type SurveyProperty,
  type SurveyQuestion,
  scaleRange,
} from '@graphium/shared';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { ListChoices } from '@/features/lists/api/get-list';
import { NativeSelect, type Option, Section, ValueInput } from './filter-fields';
import {
  buildContactFilter,
  buildQuestionFilter,
  buildSourceFilter,
  buildStatusFilter,
  type ContactKind,
  clampFilterInput,
  contactLabels,
  contactOperators,
  describeFilter,
  filterSentence,
  operatorOptions,
  type ResponseSource,
  removeFilter,
  sourceOptions,
  statusOperators,
  statusOptions,
  upsertFilter,
} from './filter-rules';
import { LanguageFilterSection, PropertyFilterSection } from './property-filter-section';
import { TextFilterFields } from './text-filter-fields';

type FilterModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The filters in force; the modal edits a copy until Apply. */
  filters: ResponseFilter[];
  onApply: (filters: ResponseFilter[]) => void;
  questions: readonly SurveyQuestion[];
  lists: Readonly<Record<string, ListChoices>>;
  /** Public links of the template; the Source section shows when there is one. */
  sources?: readonly ResponseSource[];
  /** The template's properties shown in reports (docs/decisions/029-segments.md). */
  properties?: readonly SurveyProperty[];
  /** The template's languages; the Language section shows when there are two or more. */
  languages?: readonly SurveyLanguage[];
};

/** The choices a choice question's filter offers: its options or its list's active items. */
function choiceOptions(question: SurveyQuestion, lists: Readonly<Record<string, ListChoices>>): Option[] {
  // Decision 027: a ranking filters on the option ranked first, a consent on being given.
  if (question.type === 'Ranking')
    return question.answerOptions.map((option) => ({ value: option, label: option }));
  if (question.type === 'Consent') return [{ value: consentFilterValue, label: consentGivenText }];
  if (question.type !== 'MultipleChoice' && question.type !== 'DropdownList') return [];
  if (question.listId) return lists[question.listId]?.options ?? [];
  return (question.answerOptions ?? []).map((option) => ({ value: option, label: option }));
}

/**
 * docs/product-rules.md#responses-list-filters-paging-export: 'Filter Responses' by status, contact and
 * answers, combined with AND.
 */
export function FilterModal({
  isOpen,
  onOpenChange,
  filters,
  onApply,
  questions,
  lists,
  sources = [],
  properties = [],
  languages = [],
}: FilterModalProps) {
  const [draft, setDraft] = useState<ResponseFilter[]>(filters);
  const [statusOperator, setStatusOperator] = useState<ResponseFilterOperator>('is');
  const [status, setStatus] = useState<ResponseStatusValue | ''>('');
  const [sourceOperator, setSourceOperator] = useState<ResponseFilterOperator>('is');
  const [source, setSource] = useState('');
  const [contactKind, setContactKind] = useState<ContactKind>('email');
  const [contactOperator, setContactOperator] = useState<ResponseFilterOperator>('contains');
  const [contactValue, setContactValue] = useState('');
  const [questionId, setQuestionId] = useState('');
  const [questionOperator, setQuestionOperator] = useState<ResponseFilterOperator | ''>('');
  const [questionValue, setQuestionValue] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the filters in force on opening
  useEffect(() => {
    if (isOpen) setDraft(filters);
  }, [isOpen]);

  const question = questions.find((item) => item.id === questionId);
  const range = question ? scaleRange(question) : undefined;
  const statusFilter = buildStatusFilter(statusOperator, status);
  const sourceFilter = buildSourceFilter(sourceOperator, source);
  const contactFilter = buildContactFilter(contactKind, contactOperator, contactValue);
  const questionFilter = question
    ? buildQuestionFilter(question, questionOperator, questionValue)
    : undefined;

  const add = (filter: ResponseFilter | undefined, reset: () => void) => {
    if (!filter) return;
    setDraft((current) => upsertFilter(current, filter));
    reset();
  };

  const chooseQuestion = (id: string) => {
    const next = questions.find((item) => item.id === id);
    setQuestionId(id);
    setQuestionOperator(next ? (questionFilterOperators(next.type)[0] ?? '') : '');
    setQuestionValue('');
  };

  const choices = question ? choiceOptions(question, lists) : [];
  const isChoice =
    question?.type === 'MultipleChoice' ||
    question?.type === 'DropdownList' ||
    question?.type === 'Ranking' ||
    question?.type === 'Consent';
  const isDate = question?.type === 'DateEntry';
  const answerLabel = question?.type === 'Matrix' ? 'Mean of the statements' : 'Answer';

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="large"
      title="Filter Responses"
      description="Responses must match every filter."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="secondary" disabled={draft.length === 0} onClick={() => setDraft([])}>
            Clear all
          </Button>
          <Button
            onClick={() => {
              onApply(draft);
              onOpenChange(false);
            }}
          >
            Apply Filters{draft.length > 0 ? ` (${draft.length})` : ''}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <Section
          title="Status"
          addLabel="Add Status Filter"
          canAdd={statusFilter !== undefined}
          onAdd={() => add(statusFilter, () => setStatus(''))}
        >
          <NativeSelect
            label="Status operator"
            value={statusOperator}
            onChange={(value) => setStatusOperator(value as ResponseFilterOperator)}
            options={operatorOptions(statusOperators)}
          />
          <NativeSelect
            label="Status"
            value={status}
            onChange={(value) => setStatus(value as ResponseStatusValue | '')}
            options={statusOptions}
            placeholder="Select a status"
          />
        </Section>

        {sources.length > 0 && (
          <Section
            title="Source"
            addLabel="Add Source Filter"
            canAdd={sourceFilter !== undefined}
            onAdd={() => add(sourceFilter, () => setSource(''))}
          >
            <NativeSelect
              label="Source operator"
              value={sourceOperator}
              onChange={(value) => setSourceOperator(value as ResponseFilterOperator)}
              options={operatorOptions(statusOperators)}
            />
            <NativeSelect
              label="Source"
              value={source}
              onChange={setSource}
              options={sourceOptions(sources)}
              placeholder="Select a source"
            />
          </Section>
        )}

        <Section
          title="Contact"
          addLabel="Add Contact Filter"
          canAdd={contactFilter !== undefined}
          onAdd={() => add(contactFilter, () => setContactValue(''))}
        >
          <NativeSelect
            label="Contact field"
            value={contactKind}
            onChange={(value) => setContactKind(value as ContactKind)}
            options={[
              { value: 'email', label: contactLabels.email },
              { value: 'phone', label: contactLabels.phone },
            ]}
          />
          <NativeSelect
            label="Contact operator"
            value={contactOperator}
            onChange={(value) => setContactOperator(value as ResponseFilterOperator)}
            options={operatorOptions(contactOperators)}
          />
          <ValueInput label="Contact value" value={contactValue} onChange={setContactValue} />
        </Section>

        <Section
          title="Questions"
          addLabel="Add Question Filter"
          canAdd={questionFilter !== undefined}
          onAdd={() => add(questionFilter, () => setQuestionValue(''))}
        >
          <NativeSelect
            label="Question"
            value={questionId}
            onChange={chooseQuestion}
            options={questions.map((item, index) => ({
              value: item.id,
              label: `Q${index + 1}: ${item.label}`,
            }))}
            placeholder="Select a question"
          />
          <NativeSelect
            label="Question operator"
            value={questionOperator}
            onChange={(value) => setQuestionOperator(value as ResponseFilterOperator)}
            options={question ? operatorOptions(questionFilterOperators(question.type)) : []}
            placeholder={question ? undefined : 'Select a question first'}
          />
          {isChoice ? (
            <NativeSelect
              label="Answer"
              value={questionValue}
              onChange={setQuestionValue}
              options={choices}
              placeholder="Select an answer"
            />
          ) : (
            <ValueInput
              label={range ? `${answerLabel} (${range.min} to ${range.max})` : answerLabel}
              type={range ? 'number' : isDate ? 'date' : 'text'}
              min={range?.min}
              max={range?.max}
              value={questionValue}
              onChange={(value) => setQuestionValue(question ? clampFilterInput(question, value) : value)}
            />
          )}
        </Section>

        <PropertyFilterSection properties={properties} lists={lists} onAdd={add} />

        <LanguageFilterSection languages={languages} onAdd={add} />

        <TextFilterFields questions={questions} onAdd={(filter) => add(filter, () => undefined)} />

        <section aria-label="Filters to apply">
          <h3 className="text-sm font-semibold text-gray-900">Filters to apply</h3>
          {draft.length === 0 ? (
            <p className="mt-1 text-sm text-gray-600">No filters: every response is shown.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {draft.map((filter) => {
                const sentence = filterSentence(
                  describeFilter(filter, questions, listLabelsOf(lists), sources, properties),
                );
                return (
                  <li
                    key={filter.field}
                    className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm text-indigo-900"
                  >
                    {sentence}
                    <button
                      type="button"
                      aria-label={`Remove ${sentence}`}
                      onClick={() => setDraft((current) => removeFilter(current, filter.field))}
                      className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}

export function listLabelsOf(
  lists: Readonly<Record<string, ListChoices>>,
): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(lists).map(([listId, choices]) => [listId, choices.labels]));
}
