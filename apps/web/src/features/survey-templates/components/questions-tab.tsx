import type { Alert, SurveyQuestion } from '@graphium/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  ArrowDown,
  ArrowUp,
  Copy,
  MessageSquareText,
  MoreVertical,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useLists } from '@/features/lists/api/get-lists';
import { useLastDefined } from '@/lib/use-last-defined';
import { ConfirmDialog } from './confirm-dialog';
import { MissingTranslations } from './missing-translations';
import { newId } from './new-id';
import { QuestionFormModal } from './question-form-modal';
import { isChoice, questionSummary, questionTypeBadges } from './question-text';
import { TabHeading } from './tab-heading';
import { TabState } from './tab-state';
import type { SaveMessages } from './template-context';
import { useTemplateEditor } from './template-context';

/** Alerts without their conditions on a deleted question; alerts left with none go too. */
function alertsWithoutQuestion(alerts: Alert[], questionId: string): Alert[] {
  return alerts
    .map((alert) => ({
      ...alert,
      conditions: alert.conditions.filter((condition) => condition.surveyQuestionId !== questionId),
    }))
    .filter((alert) => alert.conditions.length > 0);
}

/**
 * Questions tab (docs/product-rules.md#properties-and-questions): numbered cards with their summaries, edit
 * and a menu.
 */
export function QuestionsTab() {
  const { config } = useTemplateEditor();
  return (
    <TabState
      loading="Loading questions..."
      error={(message) => `${config.texts.questionsError}: ${message}`}
    >
      <QuestionsPanel />
    </TabState>
  );
}

function QuestionsPanel() {
  const { version, canEdit, canEditDefinition, roleBlock, save, isSaving } = useTemplateEditor();
  const lists = useLists();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [edited, setEdited] = useState<SurveyQuestion>();
  const [deleted, setDeleted] = useState<SurveyQuestion>();
  const shownEdited = useLastDefined(edited);
  const shownDeleted = useLastDefined(deleted);
  const questions = version.definition.questions;
  const listNames = new Map((lists.data?.lists ?? []).map((list) => [list.listId, list.listName]));

  const saveQuestions = (next: SurveyQuestion[], messages: SaveMessages, alerts?: Alert[]) =>
    save(
      {
        definition: { ...version.definition, questions: next },
        ...(alerts ? { settings: { ...version.settings, alerts } } : {}),
      },
      messages,
    );

  const move = (index: number, offset: -1 | 1) => {
    const next = [...questions];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + offset, 0, moved);
    void saveQuestions(next, {
      pending: 'Moving question...',
      success: 'Question moved successfully!',
      error: 'Failed to move question.',
    }).catch(() => undefined);
  };

  const duplicate = (index: number) => {
    const original = questions[index];
    if (!original) return;
    const copy = { ...original, id: newId(), label: `${original.label} (copy)`.slice(0, 100) };
    const next = [...questions];
    next.splice(index + 1, 0, copy);
    void saveQuestions(next, {
      pending: 'Duplicating question...',
      success: 'Question duplicated successfully!',
      error: 'Failed to duplicate question.',
    }).catch(() => undefined);
  };

  const affectedAlerts = shownDeleted
    ? version.settings.alerts.filter((alert) =>
        alert.conditions.some((condition) => condition.surveyQuestionId === shownDeleted.id),
      )
    : [];

  const remove = async () => {
    if (!deleted) return;
    try {
      await saveQuestions(
        questions.filter((question) => question.id !== deleted.id),
        {
          pending: 'Deleting question...',
          success: 'Question deleted successfully!',
          error: 'Failed to delete question.',
        },
        affectedAlerts.length > 0 ? alertsWithoutQuestion(version.settings.alerts, deleted.id) : undefined,
      );
    } catch {
      return;
    }
    setDeleted(undefined);
  };

  // A viewer sees the action and why not; on a published version it is simply not there.
  const addButton = (canEditDefinition || !canEdit) && (
    <Button onClick={() => setIsAddOpen(true)} disabledReason={roleBlock('add questions')}>
      <Plus className="size-4" aria-hidden="true" />
      Add Question
    </Button>
  );
  const deletedNumber = shownDeleted
    ? questions.findIndex((question) => question.id === shownDeleted.id) + 1
    : 0;

  return (
    <section>
      <TabHeading
        title="Survey Questions"
        description="The questions respondents answer, in this order."
        action={addButton}
      />
      <MissingTranslations />
      {questions.length === 0 ? (
        <EmptyState icon={MessageSquareText} title="No Questions Yet" action={addButton}>
          Add the questions of your survey: scores, ratings, choices and free text.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {questions.map((question, index) => (
            <QuestionCard
              key={question.id}
              question={question}
              number={index + 1}
              listName={'listId' in question && question.listId ? listNames.get(question.listId) : undefined}
              canEdit={canEditDefinition}
              isFirst={index === 0}
              isLast={index === questions.length - 1}
              isBusy={isSaving}
              onEdit={() => setEdited(question)}
              onDuplicate={() => duplicate(index)}
              onMove={(offset) => move(index, offset)}
              onDelete={() => setDeleted(question)}
            />
          ))}
        </ol>
      )}
      <QuestionFormModal isOpen={isAddOpen} onOpenChange={setIsAddOpen} />
      <QuestionFormModal
        isOpen={edited !== undefined}
        onOpenChange={(isOpen) => !isOpen && setEdited(undefined)}
        question={shownEdited}
      />
      <ConfirmDialog
        isOpen={deleted !== undefined}
        onOpenChange={(isOpen) => !isOpen && setDeleted(undefined)}
        title="Delete Question"
        description={`Are you sure you want to delete Q${deletedNumber}: ${shownDeleted?.question ?? ''}?`}
        confirmLabel="Delete"
        onConfirm={remove}
        isPending={isSaving}
      >
        {affectedAlerts.length > 0 ? (
          <p className="text-sm text-gray-700">
            The {affectedAlerts.length === 1 ? 'alert' : 'alerts'}{' '}
            {affectedAlerts.map((alert) => `“${alert.name}”`).join(', ')}{' '}
            {affectedAlerts.length === 1 ? 'uses' : 'use'} this question: the conditions on it are removed
            too, and an alert left without conditions is deleted.
          </p>
        ) : undefined}
      </ConfirmDialog>
    </section>
  );
}

type QuestionCardProps = {
  question: SurveyQuestion;
  number: number;
  listName: string | undefined;
  canEdit: boolean;
  isFirst: boolean;
  isLast: boolean;
  isBusy: boolean;
  onEdit: () => void;
  onDuplicate: () => void;
  onMove: (offset: -1 | 1) => void;
  onDelete: () => void;
};

const menuItemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-900 outline-none select-none data-disabled:cursor-not-allowed data-disabled:opacity-50 data-highlighted:bg-gray-100';

function QuestionCard({
  question,
  number,
  listName,
  canEdit,
  isFirst,
  isLast,
  isBusy,
  onEdit,
  onDuplicate,
  onMove,
  onDelete,
}: QuestionCardProps) {
  const summary = questionSummary(question, listName);
  const headingId = `question-${question.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <div className="flex items-start gap-4">
          <span className="shrink-0 rounded-md bg-indigo-50 px-2 py-1 text-sm font-semibold text-indigo-700">
            Q{number}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={headingId} className="font-medium wrap-anywhere text-gray-900">
                {question.question}
              </h3>
              {question.validation.required && (
                <span className="text-sm font-medium text-red-700">*Required</span>
              )}
              <Badge tone="blue">{questionTypeBadges[question.type]}</Badge>
              {question.type === 'MultipleChoice' && question.multiSelect && (
                <span className="text-sm text-gray-700">multiple answers</span>
              )}
            </div>
            {summary && <p className="mt-1 text-sm text-gray-600">{summary}</p>}
            {isChoice(question) && !question.listId && (
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Options of Q${number}`}>
                {(question.answerOptions ?? []).map((option) => (
                  <li key={option} className="rounded-md bg-gray-100 px-2 py-0.5 text-xs text-gray-800">
                    {option}
                  </li>
                ))}
                {question.includeOtherOption && (
                  <li className="rounded-md bg-gray-100 px-2 py-0.5 text-xs text-gray-800">
                    Other (please specify)
                  </li>
                )}
              </ul>
            )}
            {isChoice(question) && question.listId && question.includeOtherOption && (
              <p className="mt-1 text-xs text-gray-600">Plus Other (please specify)</p>
            )}
            <p className="mt-2 text-xs text-gray-600">
              Label: {question.label}
              {question.category && ` · Category: ${question.category}`}
            </p>
          </div>
          {canEdit && (
            <div className="flex shrink-0 items-center gap-1">
              <Button variant="ghost" size="sm" aria-label={`Edit Q${number}`} onClick={onEdit}>
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <DropdownMenu.Root modal={false}>
                <DropdownMenu.Trigger
                  aria-label={`More actions for Q${number}`}
                  className="rounded-md p-1.5 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <MoreVertical className="size-4" aria-hidden="true" />
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content
                    align="end"
                    sideOffset={4}
                    className="z-50 w-44 rounded-lg bg-white p-1 shadow-lg ring-1 ring-black/10"
                  >
                    <DropdownMenu.Item className={menuItemClasses} disabled={isBusy} onSelect={onDuplicate}>
                      <Copy className="size-4" aria-hidden="true" />
                      Duplicate
                    </DropdownMenu.Item>
                    <DropdownMenu.Item
                      className={menuItemClasses}
                      disabled={isBusy || isFirst}
                      onSelect={() => onMove(-1)}
                    >
                      <ArrowUp className="size-4" aria-hidden="true" />
                      Move up
                    </DropdownMenu.Item>
                    <DropdownMenu.Item
                      className={menuItemClasses}
                      disabled={isBusy || isLast}
                      onSelect={() => onMove(1)}
                    >
                      <ArrowDown className="size-4" aria-hidden="true" />
                      Move down
                    </DropdownMenu.Item>
                    <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
                    <DropdownMenu.Item className={menuItemClasses} onSelect={onDelete}>
                      <Trash2 className="size-4 text-red-600" aria-hidden="true" />
                      Delete
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </div>
          )}
        </div>
      </article>
    </li>
  );
}
