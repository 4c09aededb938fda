import {
  type NpsCategory,
  npsCategories,
  type SegmentAttributeOperator,
  type SegmentCondition,
  type SegmentFilter,
  saveSegmentSchema,
  segmentAttributeOperatorLabels,
  segmentAttributeOperators,
} from '@graphium/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useCreateSegment } from '../api/create-segment';
import { useContactAttributes } from '../api/get-contact-attributes';
import { usePreviewSegment } from '../api/preview-segment';

/** A condition as the form holds it: every field as typed. */
type Draft = {
  kind: SegmentCondition['kind'];
  name: string;
  operator: SegmentAttributeOperator;
  value: string;
  isWithin: 'true' | 'false';
  category: NpsCategory;
  days: string;
};

const emptyDraft: Draft = {
  kind: 'nps',
  name: '',
  operator: 'equals',
  value: '',
  isWithin: 'false',
  category: 'detractor',
  days: '90',
};

function toCondition(draft: Draft): SegmentCondition {
  if (draft.kind === 'surveyed')
    return { kind: 'surveyed', isWithin: draft.isWithin === 'true', days: Number(draft.days) };
  if (draft.kind === 'nps') return { kind: 'nps', category: draft.category, days: Number(draft.days) };
  return { kind: 'attribute', name: draft.name, operator: draft.operator, value: draft.value };
}

const selectClasses = `${inputClasses} mt-1`;

function ConditionFields({
  index,
  draft,
  onChange,
  onRemove,
}: {
  index: number;
  draft: Draft;
  onChange: (draft: Draft) => void;
  onRemove?: () => void;
}) {
  const attributes = useContactAttributes().data?.attributes ?? [];
  const id = useId();
  const set = (changes: Partial<Draft>) => onChange({ ...draft, ...changes });
  const label = (text: string, htmlFor: string) => (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-gray-900">
      {text}
    </label>
  );
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-md bg-gray-50 p-3">
      <div>
        {label(`Condition ${index + 1}`, `${id}-kind`)}
        <select
          id={`${id}-kind`}
          value={draft.kind}
          onChange={(event) => set({ kind: event.target.value as Draft['kind'] })}
          className={selectClasses}
        >
          <option value="nps">NPS answer</option>
          <option value="surveyed">Survey history</option>
          <option value="attribute">Attribute</option>
        </select>
      </div>
      {draft.kind === 'nps' && (
        <div>
          {label('Category', `${id}-category`)}
          <select
            id={`${id}-category`}
            value={draft.category}
            onChange={(event) => set({ category: event.target.value as NpsCategory })}
            className={selectClasses}
          >
            {npsCategories.map((category) => (
              <option key={category} value={category}>
                {category[0]!.toUpperCase() + category.slice(1)}s
              </option>
            ))}
          </select>
        </div>
      )}
      {draft.kind === 'surveyed' && (
        <div>
          {label('Surveyed', `${id}-within`)}
          <select
            id={`${id}-within`}
            value={draft.isWithin}
            onChange={(event) => set({ isWithin: event.target.value as Draft['isWithin'] })}
            className={selectClasses}
          >
            <option value="false">No survey in the last</option>
            <option value="true">Surveyed in the last</option>
          </select>
        </div>
      )}
      {(draft.kind === 'nps' || draft.kind === 'surveyed') && (
        <div>
          {label('Days', `${id}-days`)}
          <input
            id={`${id}-days`}
            type="number"
            min={1}
            value={draft.days}
            onChange={(event) => set({ days: event.target.value })}
            className={`${selectClasses} w-24`}
          />
        </div>
      )}
      {draft.kind === 'attribute' && (
        <>
          <div>
            {label('Attribute', `${id}-name`)}
            <select
              id={`${id}-name`}
              value={draft.name}
              onChange={(event) => set({ name: event.target.value })}
              className={selectClasses}
            >
              <option value="">Choose an attribute</option>
              {attributes.map((attribute) => (
                <option key={attribute.id} value={attribute.name}>
                  {attribute.displayName}
                </option>
              ))}
            </select>
          </div>
          <div>
            {label('Operator', `${id}-operator`)}
            <select
              id={`${id}-operator`}
              value={draft.operator}
              onChange={(event) => set({ operator: event.target.value as SegmentAttributeOperator })}
              className={selectClasses}
            >
              {segmentAttributeOperators.map((operator) => (
                <option key={operator} value={operator}>
                  {segmentAttributeOperatorLabels[operator]}
                </option>
              ))}
            </select>
          </div>
          {draft.operator !== 'is_set' && draft.operator !== 'is_not_set' && (
            <div>
              {label('Value', `${id}-value`)}
              <input
                id={`${id}-value`}
                value={draft.value}
                onChange={(event) => set({ value: event.target.value })}
                className={selectClasses}
              />
            </div>
          )}
        </>
      )}
      {onRemove && (
        <Button variant="secondary" size="sm" onClick={onRemove}>
          Remove condition {index + 1}
        </Button>
      )}
    </div>
  );
}

/**
 * A new segment (decision 038): a name and conditions that must all hold, over NPS answers,
 * survey history and attributes; "Count" asks the server how many contacts match before saving.
 */
export function SegmentBuilderModal({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [name, setName] = useState('');
  const [drafts, setDrafts] = useState<Draft[]>([emptyDraft]);
  const [error, setError] = useState<string | undefined>();
  const [count, setCount] = useState<number | undefined>();
  const create = useCreateSegment();
  const preview = usePreviewSegment();
  const nameId = useId();
  const formId = useId();

  const reset = () => {
    setName('');
    setDrafts([emptyDraft]);
    setError(undefined);
    setCount(undefined);
  };
  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };
  const filter = (): SegmentFilter => ({ conditions: drafts.map(toCondition) });
  const changeDrafts = (next: Draft[]) => {
    setDrafts(next);
    setCount(undefined);
  };

  const countMembers = async () => {
    try {
      setCount((await preview.mutateAsync(filter())).memberCount);
      setError(undefined);
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to count the contacts.'));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = saveSegmentSchema.safeParse({ name, filter: filter() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await toastPromise(create.mutateAsync(parsed.data), {
        pending: 'Saving segment...',
        success: `Segment ${parsed.data.name} saved.`,
        error: 'Failed to save the segment.',
      });
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to save the segment.'));
      return;
    }
    changeOpen(false);
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={changeOpen}
      title="New Segment"
      size="large"
      description="Contacts that meet every condition, counted again each time the segment is used."
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save Segment'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate>
        <div>
          <label htmlFor={nameId} className="block text-sm font-medium text-gray-900">
            Segment Name
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={`${inputClasses} mt-1.5`}
          />
        </div>
        {drafts.map((draft, index) => (
          <ConditionFields
            // Conditions have no identity beyond their place in the list.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            index={index}
            draft={draft}
            onChange={(next) =>
              changeDrafts(drafts.map((item, position) => (position === index ? next : item)))
            }
            onRemove={
              drafts.length > 1
                ? () => changeDrafts(drafts.filter((_, position) => position !== index))
                : undefined
            }
          />
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => changeDrafts([...drafts, emptyDraft])}>
            Add Condition
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void countMembers()}
            disabled={preview.isPending}
          >
            Count Contacts
          </Button>
          <output className="text-sm text-gray-700" aria-live="polite">
            {count === undefined ? '' : `${formatNumber(count)} contacts match`}
          </output>
        </div>
        <FieldError id={`${formId}-error`} message={error} />
      </form>
    </Modal>
  );
}
