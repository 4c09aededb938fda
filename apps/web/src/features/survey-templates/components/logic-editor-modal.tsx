import {
  allowedOperators,
  type ConditionOperator,
  endOfSurvey,
  operatorNeedsValue,
  type SurveyQuestion,
} from '@graphium/shared';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog, useWhenOpened } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select';
import { StatusMessage } from '@/components/ui/status-message';
import { operatorLabels } from './alert-form';
import { definitionProblems, itemProblems, saveProblems } from './definition-problems';
import {
  type ConditionDraft,
  draftOf,
  emptyCondition,
  emptyJump,
  type JumpDraft,
  type LogicDraft,
  logicOf,
  withLogic,
} from './logic-draft';
import { LogicValueField } from './logic-value-field';
import { useSaveError } from './save-error-notice';
import { useTemplateEditor } from './template-context';

const formId = 'template-logic-form';

type LogicEditorModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  question: SurveyQuestion | undefined;
};

const operatorOptions = (question: SurveyQuestion | undefined) =>
  (question ? allowedOperators(question.type) : []).map((operator) => ({
    value: operator,
    label: operatorLabels[operator],
  }));

const questionName = (question: SurveyQuestion, index: number) => `Q${index + 1}: ${question.label}`;

/**
 * The Logic editor of a question (decision 023): when it is shown (conditions on earlier answers,
 * all or any of them) and where its own answer leads (a later question or the end). Only earlier
 * questions can be conditions and only later ones targets, so what it saves points forwards.
 */
export function LogicEditorModal({ isOpen, onOpenChange, question }: LogicEditorModalProps) {
  const { config, version, save } = useTemplateEditor();
  const { setSaveError, notice: saveErrorNotice } = useSaveError();
  const [draft, setDraft] = useState<LogicDraft>(() => draftOf(question));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const questions = version.definition.questions;
  const index = question ? questions.findIndex((item) => item.id === question.id) : -1;
  const earlier = questions.slice(0, Math.max(0, index));
  const later = questions.slice(index + 1);

  useWhenOpened(isOpen, () => {
    setDraft(draftOf(question));
    setProblems({});
    setSaveError(undefined);
  });

  const change = (next: Partial<LogicDraft>) => setDraft((current) => ({ ...current, ...next }));
  const changeCondition = (at: number, next: Partial<ConditionDraft>) =>
    change({ conditions: draft.conditions.map((item, i) => (i === at ? { ...item, ...next } : item)) });
  const changeJump = (at: number, next: Partial<JumpDraft>) =>
    change({ jumps: draft.jumps.map((item, i) => (i === at ? { ...item, ...next } : item)) });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!question || index === -1) return;
    const nextQuestions = [...questions];
    nextQuestions[index] = withLogic(question, logicOf(draft));
    const definition = { ...version.definition, questions: nextQuestions };
    const own = (all: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(itemProblems(all, 'questions', index)).filter(([path]) => path.startsWith('logic.')),
      );
    const found = own(definitionProblems(definition));
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setIsSubmitting(true);
    setSaveError(undefined);
    try {
      await save(
        { definition },
        { pending: 'Saving logic...', success: 'Logic saved successfully!', error: 'Failed to save logic.' },
      );
      onOpenChange(false);
    } catch (error) {
      setSaveError(error);
      setProblems(own(saveProblems(config.kind, error)));
    } finally {
      setIsSubmitting(false);
    }
  };

  const problemAt = (path: string) => problems[`logic.${path}`];
  const firstProblem = Object.values(problems)[0];

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="large"
      title={`Logic of Q${index + 1}`}
      description={question?.question}
      formId={formId}
      onSubmit={(event) => void onSubmit(event)}
      isSubmitting={isSubmitting}
      submitLabel="Save Logic"
      pendingLabel="Saving..."
    >
      {saveErrorNotice}
      {firstProblem && <StatusMessage tone="error" title={firstProblem} />}
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-gray-900">When is this question shown?</legend>
        {earlier.length === 0 ? (
          <p className="text-sm text-gray-700">The first question is always shown.</p>
        ) : (
          <>
            <div className="flex flex-wrap gap-6" role="radiogroup" aria-label="When is this question shown?">
              {(
                [
                  [false, 'Always'],
                  [true, 'Only when earlier answers meet conditions'],
                ] as const
              ).map(([value, label]) => (
                <label key={label} className="flex items-center gap-2 text-sm text-gray-700">
                  <input
                    type="radio"
                    name="isConditional"
                    checked={draft.isConditional === value}
                    onChange={() =>
                      change({
                        isConditional: value,
                        conditions:
                          value && draft.conditions.length === 0 ? [emptyCondition()] : draft.conditions,
                      })
                    }
                    className="size-4 accent-indigo-600"
                  />
                  {label}
                </label>
              ))}
            </div>
            {draft.isConditional && (
              <>
                <SelectField<'and' | 'or'>
                  label="Show it when"
                  value={draft.join}
                  onValueChange={(join) => change({ join })}
                  options={[
                    { value: 'and', label: 'All of the conditions hold' },
                    { value: 'or', label: 'Any of the conditions holds' },
                  ]}
                />
                {draft.conditions.map((condition, at) => {
                  const source = earlier.find((item) => item.id === condition.questionId);
                  return (
                    <LogicRow
                      key={condition.key}
                      title={`Condition ${at + 1}`}
                      onRemove={() => change({ conditions: draft.conditions.filter((_, i) => i !== at) })}
                    >
                      <SelectField
                        label="Question"
                        value={condition.questionId}
                        onValueChange={(questionId) =>
                          changeCondition(at, { questionId, operator: '', value: '' })
                        }
                        options={earlier.map((item, i) => ({ value: item.id, label: questionName(item, i) }))}
                        error={problemAt(`showIf.conditions.${at}.questionId`)}
                      />
                      <SelectField<ConditionOperator | ''>
                        label="Operator"
                        value={condition.operator}
                        onValueChange={(operator) => changeCondition(at, { operator })}
                        options={operatorOptions(source)}
                        disabled={!source}
                        error={problemAt(`showIf.conditions.${at}.operator`)}
                      />
                      {source && condition.operator && operatorNeedsValue(condition.operator) && (
                        <LogicValueField
                          question={source}
                          value={condition.value}
                          onChange={(value) => changeCondition(at, { value })}
                          error={problemAt(`showIf.conditions.${at}.value`)}
                        />
                      )}
                    </LogicRow>
                  );
                })}
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => change({ conditions: [...draft.conditions, emptyCondition()] })}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  Add Condition
                </Button>
              </>
            )}
          </>
        )}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-gray-900">Where does the answer lead?</legend>
        <p className="text-sm text-gray-700">
          Without a jump that applies, the respondent goes on to the next question shown.
        </p>
        {question &&
          draft.jumps.map((jump, at) => (
            <LogicRow
              key={jump.key}
              title={`Jump ${at + 1}`}
              onRemove={() => change({ jumps: draft.jumps.filter((_, i) => i !== at) })}
            >
              <SelectField<ConditionOperator | ''>
                label="If the answer"
                value={jump.operator}
                onValueChange={(operator) => changeJump(at, { operator })}
                options={operatorOptions(question)}
                error={problemAt(`jumps.${at}.condition.operator`)}
              />
              {jump.operator && operatorNeedsValue(jump.operator) && (
                <LogicValueField
                  question={question}
                  value={jump.value}
                  onChange={(value) => changeJump(at, { value })}
                  error={problemAt(`jumps.${at}.condition.value`)}
                />
              )}
              <SelectField
                label="Go to"
                value={jump.to}
                onValueChange={(to) => changeJump(at, { to })}
                options={[
                  ...later.map((item, i) => ({ value: item.id, label: questionName(item, index + 1 + i) })),
                  { value: endOfSurvey, label: 'End of survey' },
                ]}
                error={problemAt(`jumps.${at}.to`)}
              />
            </LogicRow>
          ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => change({ jumps: [...draft.jumps, emptyJump()] })}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add Jump
        </Button>
      </fieldset>
    </FormDialog>
  );
}

function LogicRow({
  title,
  onRemove,
  children,
}: {
  title: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="relative rounded-lg p-4 ring-1 ring-gray-200">
      <legend className="sr-only">{title}</legend>
      <p aria-hidden="true" className="text-sm font-semibold text-gray-900">
        {title}
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="absolute top-2 right-2"
        aria-label={`Remove ${title.toLowerCase()}`}
        onClick={onRemove}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
      <div className="mt-2 grid gap-4 sm:grid-cols-3">{children}</div>
    </fieldset>
  );
}
