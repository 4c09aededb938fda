import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { SurveyQuestion } from '@graphium/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  ArrowDown,
  ArrowUp,
  Copy,
  GitBranch,
  GripVertical,
  MoreVertical,
  Pencil,
  Trash2,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isChoice, questionSummary, questionTypeBadges } from './question-text';

type QuestionCardProps = {
  question: SurveyQuestion;
  number: number;
  listName: string | undefined;
  /** The question's logic as sentences ("Shown if Q1 is less than 7", decision 023). */
  logicSentences: string[];
  canEdit: boolean;
  isFirst: boolean;
  isLast: boolean;
  isBusy: boolean;
  onEdit: () => void;
  onEditLogic: () => void;
  onDuplicate: () => void;
  onMove: (offset: -1 | 1) => void;
  onDelete: () => void;
};

const menuItemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-900 outline-none select-none data-disabled:cursor-not-allowed data-disabled:opacity-50 data-highlighted:bg-gray-100';

/**
 * One question of the Questions tab (docs/product-rules.md#properties-and-questions): its number,
 * text, type, options, logic, and for editors a drag handle (mouse, touch or keyboard: Space, the
 * arrows, Space), Edit, Logic and a menu.
 */
export function QuestionCard({
  question,
  number,
  listName,
  logicSentences,
  canEdit,
  isFirst,
  isLast,
  isBusy,
  onEdit,
  onEditLogic,
  onDuplicate,
  onMove,
  onDelete,
}: QuestionCardProps) {
  const summary = questionSummary(question, listName);
  const headingId = `question-${question.id}`;
  const sortable = useSortable({ id: question.id, disabled: !canEdit || isBusy });
  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      className={sortable.isDragging ? 'relative z-10 opacity-80' : undefined}
    >
      <article aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        {/* On a phone the number and the actions share the first row and the text takes the width. */}
        <div className="flex flex-wrap items-start gap-x-4 gap-y-2 sm:flex-nowrap">
          <div className="order-1 flex shrink-0 items-center gap-1">
            {canEdit && (
              <button
                type="button"
                ref={sortable.setActivatorNodeRef}
                {...sortable.attributes}
                {...sortable.listeners}
                aria-label={`Reorder Q${number}`}
                className="cursor-grab touch-none rounded-md p-1 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <GripVertical className="size-4" aria-hidden="true" />
              </button>
            )}
            <span className="rounded-md bg-indigo-50 px-2 py-1 text-sm font-semibold text-indigo-700">
              Q{number}
            </span>
          </div>
          <div className="order-3 w-full min-w-0 sm:order-2 sm:w-auto sm:flex-1">
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
            {(question.type === 'Ranking' || question.type === 'Matrix') && (
              <ul
                className="mt-2 flex flex-wrap gap-1.5"
                aria-label={`${question.type === 'Ranking' ? 'Options' : 'Statements'} of Q${number}`}
              >
                {(question.type === 'Ranking'
                  ? question.answerOptions
                  : question.rows.map((row) => row.text)
                ).map((text) => (
                  <li key={text} className="rounded-md bg-gray-100 px-2 py-0.5 text-xs text-gray-800">
                    {text}
                  </li>
                ))}
              </ul>
            )}
            {isChoice(question) && question.listId && question.includeOtherOption && (
              <p className="mt-1 text-xs text-gray-600">Plus Other (please specify)</p>
            )}
            {logicSentences.length > 0 && (
              <ul aria-label={`Logic of Q${number}`} className="mt-2 space-y-1">
                {logicSentences.map((sentence) => (
                  <li key={sentence} className="flex items-center gap-1.5 text-sm text-indigo-800">
                    <GitBranch className="size-3.5 shrink-0" aria-hidden="true" />
                    {sentence}
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-2 text-xs text-gray-600">
              Label: {question.label}
              {question.category && ` · Category: ${question.category}`}
            </p>
          </div>
          {canEdit && (
            <div className="order-2 ml-auto flex shrink-0 items-center gap-1 sm:order-3">
              <Button variant="ghost" size="sm" aria-label={`Edit Q${number}`} onClick={onEdit}>
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Logic of Q${number}`} onClick={onEditLogic}>
                <GitBranch className="size-4" aria-hidden="true" />
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
