import {
  fillPropertyTokens,
  findPropertyTokens,
  type SurveyProperty,
  unknownPropertyTokens,
} from '@graphium/shared';
import clsx from 'clsx';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { FieldError, inputClasses } from '@/components/ui/form-field';
import { propertyTypeLabels } from './property-types';

type Suggestion = { start: number; end: number; query: string };

/** The `[query` just before the caret, when the user is typing a property token. */
function findOpenToken(text: string, caret: number): Suggestion | undefined {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('[');
  if (start < 0) return undefined;
  const query = before.slice(start + 1);
  if (query.length > 100 || /[[\]\n]/.test(query)) return undefined;
  return { start, end: caret, query };
}

type PropertyTokenTextAreaProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  properties: SurveyProperty[];
  readOnly?: boolean;
  error?: string | undefined;
  rows?: number;
};

/**
 * Opening and closing texts (docs/product-rules.md#properties-and-questions): typing '[' suggests the
 * properties whose label matches
 * what follows; arrow keys move, Enter or Tab insert `[Property Label]`, Escape closes.
 */
export function PropertyTokenTextArea({
  label,
  name,
  value,
  onChange,
  onBlur,
  properties,
  readOnly = false,
  error,
  rows = 4,
}: PropertyTokenTextAreaProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const unknownId = `${id}-unknown`;
  // Tokens that name no property are left out when the text is sent: say so as the author types.
  const unknownTokens = unknownPropertyTokens(value, properties);
  // What respondents receive: each property's value where its token stands (shown as ‹Label›),
  // unknown tokens left out, exactly as the server fills the text.
  const preview =
    findPropertyTokens(value).length > 0
      ? fillPropertyTokens(
          value,
          Object.fromEntries(properties.map((property) => [property.label, `‹${property.label}›`])),
        )
      : undefined;
  const textAreaRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | undefined>(undefined);
  const [suggestion, setSuggestion] = useState<Suggestion>();
  const [active, setActive] = useState(0);

  const needle = suggestion?.query.trim().toLowerCase() ?? '';
  // Labels that start with the typed text come first, then those that contain it.
  const matches = suggestion
    ? properties
        .filter((property) => property.label.toLowerCase().includes(needle))
        .sort(
          (a, b) =>
            Number(!a.label.toLowerCase().startsWith(needle)) -
            Number(!b.label.toLowerCase().startsWith(needle)),
        )
    : [];
  const isOpen = !readOnly && matches.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  // After an insertion re-renders the text, the caret goes after the token.
  useLayoutEffect(() => {
    if (pendingCaret.current === undefined || !textAreaRef.current) return;
    textAreaRef.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = undefined;
  });

  const insert = (property: SurveyProperty) => {
    if (!suggestion) return;
    const token = `[${property.label}]`;
    pendingCaret.current = suggestion.start + token.length;
    onChange(value.slice(0, suggestion.start) + token + value.slice(suggestion.end));
    setSuggestion(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isOpen) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((current) => (current + 1) % matches.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => (current - 1 + matches.length) % matches.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const property = matches[Math.min(active, matches.length - 1)];
      if (property) insert(property);
    } else if (event.key === 'Escape') {
      // Closes the suggestions only, not a dialog around the field.
      event.preventDefault();
      event.stopPropagation();
      setSuggestion(undefined);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <textarea
        ref={textAreaRef}
        id={id}
        name={name}
        rows={rows}
        value={value}
        readOnly={readOnly}
        onChange={(event) => {
          onChange(event.target.value);
          const next = findOpenToken(event.target.value, event.target.selectionStart);
          setSuggestion(next);
          if (next?.query !== suggestion?.query) setActive(0);
        }}
        onBlur={() => {
          setSuggestion(undefined);
          onBlur();
        }}
        onKeyDown={onKeyDown}
        aria-autocomplete="list"
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={isOpen ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, unknownTokens.length > 0 ? unknownId : '', error ? errorId : '']
          .filter(Boolean)
          .join(' ')}
        className={clsx(inputClasses, 'mt-1.5')}
      />
      {isOpen && (
        <div
          id={listId}
          role="listbox"
          aria-label="Property suggestions"
          className="absolute z-20 mt-1 max-h-56 w-72 overflow-y-auto rounded-md bg-white p-1 shadow-lg ring-1 ring-black/10"
        >
          {matches.map((property, index) => (
            <div
              key={property.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keeps the focus in the text while choosing with the mouse.
              onMouseDown={(event) => {
                event.preventDefault();
                insert(property);
              }}
              onMouseEnter={() => setActive(index)}
              className={clsx(
                'flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm',
                index === active ? 'bg-indigo-50 text-indigo-900' : 'text-gray-900',
              )}
            >
              <span>{property.label}</span>
              <span className="text-xs text-gray-600">{propertyTypeLabels[property.type]}</span>
            </div>
          ))}
        </div>
      )}
      <p id={hintId} className="mt-1.5 text-sm text-gray-600">
        {readOnly
          ? 'Read-only on a version that is not a draft.'
          : properties.length > 0
            ? 'Type [ to insert a property; respondents see its value.'
            : 'Add properties to insert them here as [Property Label].'}
      </p>
      <p className="sr-only" aria-live="polite">
        {isOpen
          ? `${matches.length} ${matches.length === 1 ? 'property suggestion' : 'property suggestions'}`
          : ''}
      </p>
      {unknownTokens.length > 0 && (
        <p id={unknownId} className="mt-1.5 text-sm text-amber-800">
          {unknownTokens.length === 1
            ? `No property is labelled ${unknownTokens[0]}: respondents will not see it. Use a property's label or remove the brackets.`
            : `No property is labelled ${unknownTokens.join(', ')}: respondents will not see them. Use properties' labels or remove the brackets.`}
        </p>
      )}
      {preview !== undefined && (
        <div className="mt-2 rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-800 ring-1 ring-gray-200">
          <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase">Respondents read</p>
          <p className="mt-1 whitespace-pre-wrap">{preview}</p>
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
