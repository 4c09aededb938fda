import { useRef, useState } from 'react';
import { useTranslator } from '../i18n/use-translator';
import { secondaryButton } from './styles';

interface RankingQuestionProps {
  options: readonly string[];
  /** Translated labels by option (decision 025); the answer keeps the options themselves. */
  optionLabels?: Readonly<Record<string, string>>;
  value: readonly string[] | undefined;
  onChange: (value: string[]) => void;
  describedBy: string;
}

/** The answer's order when it ranks exactly these options, else the options as written. */
function currentOrder(options: readonly string[], value: readonly string[] | undefined): string[] {
  const isWhole =
    value !== undefined &&
    value.length === options.length &&
    options.every((option) => value.includes(option));
  return isWhole ? [...value] : [...options];
}

function move(order: readonly string[], from: number, to: number): string[] {
  const next = [...order];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

const smallButton = `${secondaryButton} min-w-11 px-2! sm:px-3!`;

/**
 * Ranking (decision 027): the options in a numbered list, reordered with "Move up" / "Move down"
 * buttons (each named after its option, the new position announced) or by dragging. The answer is
 * the whole order; "Keep this order" answers with the order as shown.
 */
export function RankingQuestion({
  options,
  optionLabels = {},
  value,
  onChange,
  describedBy,
}: RankingQuestionProps) {
  const { t } = useTranslator();
  const labelOf = (option: string) => optionLabels[option] ?? option;
  const order = currentOrder(options, value);
  const isAnswered = value !== undefined && value.length === options.length;
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number>();
  const list = useRef<HTMLOListElement>(null);

  const moveTo = (from: number, to: number, focus?: 'up' | 'down') => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = move(order, from, to);
    onChange(next);
    setAnnouncement(
      t('ranking.moved', { option: labelOf(order[from]!), position: to + 1, total: order.length }),
    );
    if (!focus) return;
    // Keep the keyboard on the moved option: its same button, or the other one at an end.
    requestAnimationFrame(() => {
      const row = list.current?.children[to];
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${focus}"]`);
      const target =
        wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLButtonElement>('button:not(:disabled)');
      target?.focus();
    });
  };

  return (
    <div>
      <p id={`${describedBy}-hint`} className="mb-3 text-sm text-gray-700">
        {t('ranking.hint')}
      </p>
      <ol ref={list} className="space-y-2" aria-describedby={`${describedBy}-hint`}>
        {order.map((option, index) => (
          <li
            key={option}
            draggable
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', option);
            }}
            onDragOver={(event) => {
              if (dragged !== undefined) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== undefined) moveTo(dragged, index);
              setDragged(undefined);
            }}
            onDragEnd={() => setDragged(undefined)}
            className={`flex cursor-grab items-center gap-2 rounded-lg border bg-white p-2 ${
              dragged === index ? 'border-indigo-600 opacity-60' : 'border-gray-400'
            }`}
          >
            <span aria-hidden="true" className="w-6 shrink-0 text-center font-semibold text-gray-700">
              {t('ranking.position', { position: index + 1 })}
            </span>
            <span className="min-w-0 flex-1 break-words text-gray-900">{labelOf(option)}</span>
            <button
              type="button"
              data-move="up"
              className={smallButton}
              aria-label={t('ranking.upNamed', { option: labelOf(option) })}
              disabled={index === 0}
              onClick={() => moveTo(index, index - 1, 'up')}
            >
              <span aria-hidden="true">↑</span>
              <span className="sr-only sm:not-sr-only sm:ml-1">{t('ranking.up')}</span>
            </button>
            <button
              type="button"
              data-move="down"
              className={smallButton}
              aria-label={t('ranking.downNamed', { option: labelOf(option) })}
              disabled={index === order.length - 1}
              onClick={() => moveTo(index, index + 1, 'down')}
            >
              <span aria-hidden="true">↓</span>
              <span className="sr-only sm:not-sr-only sm:ml-1">{t('ranking.down')}</span>
            </button>
          </li>
        ))}
      </ol>
      {!isAnswered ? (
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => onChange(order)}>
          {t('ranking.keep')}
        </button>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
