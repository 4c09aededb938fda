import { type Alert, isPropertyCondition, type SurveyQuestion } from '@graphium/shared';
import { MessageSquareText, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useListOptions } from '@/features/lists/api/get-list';
import { useLists } from '@/features/lists/api/get-lists';
import { useLastDefined } from '@/lib/use-last-defined';
import { ConfirmDialog } from './confirm-dialog';
import { LogicEditorModal } from './logic-editor-modal';
import {
  firstLogicProblem,
  logicSentences,
  logicWithoutQuestion,
  questionsUsingInLogic,
} from './logic-sentences';
import { MissingTranslations } from './missing-translations';
import { newId } from './new-id';
import { QuestionCard } from './question-card';
import { QuestionFormModal } from './question-form-modal';
import { isChoice } from './question-text';
import { SortableQuestions } from './sortable-questions';
import { TabHeading } from './tab-heading';
import { TabState } from './tab-state';
import type { SaveMessages } from './template-context';
import { useTemplateEditor } from './template-context';

/** Alerts without their conditions on a deleted question; alerts left with none go too. */
function alertsWithoutQuestion(alerts: Alert[], questionId: string): Alert[] {
  return alerts
    .map((alert) => ({
      ...alert,
      conditions: alert.conditions.filter(
        (condition) => isPropertyCondition(condition) || condition.surveyQuestionId !== questionId,
      ),
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
  const [logicOf, setLogicOf] = useState<SurveyQuestion>();
  const shownLogicOf = useLastDefined(logicOf);
  const shownEdited = useLastDefined(edited);
  const shownDeleted = useLastDefined(deleted);
  const questions = version.definition.questions;
  const listNames = new Map((lists.data?.lists ?? []).map((list) => [list.listId, list.listName]));
  // List-based questions' logic values are item ids: the cards name the items.
  const listOptions = useListOptions(
    questions.flatMap((question) => (isChoice(question) && question.listId ? [question.listId] : [])),
  );
  const valueLabel = (question: SurveyQuestion | undefined, value: string | number) => {
    if (question && isChoice(question) && question.listId) {
      const item = listOptions[question.listId]?.options.find((option) => option.value === value);
      return `“${item?.label ?? value}”`;
    }
    return typeof value === 'number' ? String(value) : `“${value}”`;
  };

  const saveQuestions = (next: SurveyQuestion[], messages: SaveMessages, alerts?: Alert[]) =>
    save(
      {
        definition: { ...version.definition, questions: next },
        ...(alerts ? { settings: { ...version.settings, alerts } } : {}),
      },
      messages,
    );

  /** Moves a question; an order that would make logic point backwards is refused (decision 023). */
  const reorder = (from: number, to: number) => {
    const next = [...questions];
    const [moved] = next.splice(from, 1);
    if (!moved || from === to) return;
    next.splice(to, 0, moved);
    const problem = firstLogicProblem(next);
    if (problem) {
      toast.error(`This order breaks the survey logic. ${problem}`);
      return;
    }
    void saveQuestions(next, {
      pending: 'Moving question...',
      success: 'Question moved successfully!',
      error: 'Failed to move question.',
    }).catch(() => undefined);
  };

  const move = (index: number, offset: -1 | 1) => reorder(index, index + offset);

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
        alert.conditions.some(
          (condition) => !isPropertyCondition(condition) && condition.surveyQuestionId === shownDeleted.id,
        ),
      )
    : [];

  const remove = async () => {
    if (!deleted) return;
    try {
      await saveQuestions(
        logicWithoutQuestion(
          questions.filter((question) => question.id !== deleted.id),
          deleted.id,
        ),
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
  const usedInLogic = shownDeleted ? questionsUsingInLogic(questions, shownDeleted.id) : [];

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
        <SortableQuestions questions={questions} onReorder={reorder}>
          {questions.map((question, index) => (
            <QuestionCard
              key={question.id}
              question={question}
              number={index + 1}
              listName={'listId' in question && question.listId ? listNames.get(question.listId) : undefined}
              logicSentences={logicSentences(question, questions, valueLabel)}
              canEdit={canEditDefinition}
              isFirst={index === 0}
              isLast={index === questions.length - 1}
              isBusy={isSaving}
              onEdit={() => setEdited(question)}
              onEditLogic={() => setLogicOf(question)}
              onDuplicate={() => duplicate(index)}
              onMove={(offset) => move(index, offset)}
              onDelete={() => setDeleted(question)}
            />
          ))}
        </SortableQuestions>
      )}
      <QuestionFormModal isOpen={isAddOpen} onOpenChange={setIsAddOpen} />
      <QuestionFormModal
        isOpen={edited !== undefined}
        onOpenChange={(isOpen) => !isOpen && setEdited(undefined)}
        question={shownEdited}
      />
      <LogicEditorModal
        isOpen={logicOf !== undefined}
        onOpenChange={(isOpen) => !isOpen && setLogicOf(undefined)}
        question={shownLogicOf}
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
        {affectedAlerts.length > 0 || usedInLogic.length > 0 ? (
          <>
            {affectedAlerts.length > 0 && (
              <p className="text-sm text-gray-700">
                The {affectedAlerts.length === 1 ? 'alert' : 'alerts'}{' '}
                {affectedAlerts.map((alert) => `“${alert.name}”`).join(', ')}{' '}
                {affectedAlerts.length === 1 ? 'uses' : 'use'} this question: the conditions on it are removed
                too, and an alert left without conditions is deleted.
              </p>
            )}
            {usedInLogic.length > 0 && (
              <p className="text-sm text-gray-700">
                The logic of {usedInLogic.join(', ')} uses this question: its conditions on it and its jumps
                to it are removed too.
              </p>
            )}
          </>
        ) : undefined}
      </ConfirmDialog>
    </section>
  );
}
