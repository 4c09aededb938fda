import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { SurveyQuestion } from '@graphium/shared';
import type { ReactNode } from 'react';

type SortableQuestionsProps = {
  questions: readonly SurveyQuestion[];
  /** Called with the positions when a question is dropped somewhere else. */
  onReorder: (from: number, to: number) => void;
  children: ReactNode;
};

const instructions =
  'To pick up a question, press Space or Enter. Use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.';

/**
 * The Questions tab's list, reordered by drag and drop (decision 023): with a pointer, or from a
 * card's handle with the keyboard; screen readers hear where the question goes.
 */
export function SortableQuestions({ questions, onReorder, children }: SortableQuestionsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: UniqueIdentifier) => questions.findIndex((question) => question.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up Q${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Q${positionOf(active.id)} is over position ${positionOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Q${positionOf(active.id)} was dropped at position ${positionOf(over.id)}.`
        : `Q${positionOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving Q${positionOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext
        items={questions.map((question) => question.id)}
        strategy={verticalListSortingStrategy}
      >
        <ol className="space-y-4">{children}</ol>
      </SortableContext>
    </DndContext>
  );
}
