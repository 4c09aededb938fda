import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslator } from '../i18n/use-translator';
import { textControl } from './styles';

export interface SelectOption {
  value: string;
  label: string;
}

interface SearchableSelectProps {
  id: string;
  labelledBy: string;
  options: readonly SelectOption[];
  /** The chosen option's value, or '' for none. */
  value: string;
  placeholder: string;
  isRequired: boolean;
  onChange: (value: string) => void;
}

/**
 * The respondent's dropdown (docs/product-rules.md#the-respondent-page): a combobox that filters its
 * options as the respondent types, with the messages "Select..." and "No options", clearable only
 * when the question is not required, and announcements for screen readers: the option focused,
 * "{n} result(s) available", "option {label}, selected." and the selection cleared. ARIA 1.2
 * combobox with a list popup: arrows move, Enter chooses, Escape closes, Home/End in the text.
 */
export function SearchableSelect({
  id,
  labelledBy,
  options,
  value,
  placeholder,
  isRequired,
  onChange,
}: SearchableSelectProps) {
  const { t } = useTranslator();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const chosen = options.find((option) => option.value === value);
  const needle = (query ?? '').trim().toLowerCase();
  const matches = needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  const activeOption = isOpen ? matches[active] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const open = (filterText: string | undefined) => {
    const next = filterText?.trim().toLowerCase()
      ? options.filter((option) => option.label.toLowerCase().includes(filterText.trim().toLowerCase()))
      : options;
    setIsOpen(true);
    const selectedIndex = next.findIndex((option) => option.value === value);
    setActive(Math.max(0, selectedIndex));
    setAnnouncement(t('dropdown.results', { count: next.length }));
  };
  const close = () => {
    setIsOpen(false);
    setQuery(undefined);
  };
  const choose = (option: SelectOption) => {
    onChange(option.value);
    setAnnouncement(t('dropdown.selected', { label: option.label }));
    close();
  };
  const clear = () => {
    onChange('');
    setAnnouncement(t('dropdown.cleared'));
    close();
    input.current?.focus();
  };
  const move = (index: number) => {
    if (matches.length === 0) return;
    const next = (index + matches.length) % matches.length;
    setActive(next);
    const option = matches[next];
    if (option)
      setAnnouncement(
        t('dropdown.focused', { label: option.label, position: next + 1, total: matches.length }),
      );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) open(query);
      else move(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      if (isOpen && activeOption) {
        event.preventDefault();
        choose(activeOption);
      }
    } else if (event.key === 'Escape') {
      if (isOpen) {
        event.preventDefault();
        close();
      }
    } else if (event.key === 'Tab') {
      close();
    }
  };

  return (
    <div className="relative">
      <div className="relative">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-labelledby={labelledBy}
          aria-required={isRequired}
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          autoComplete="off"
          className={`${textControl} pr-20`}
          placeholder={placeholder || t('dropdown.select')}
          value={query ?? chosen?.label ?? ''}
          onChange={(event) => {
            setQuery(event.target.value);
            open(event.target.value);
          }}
          onClick={() => (isOpen ? undefined : open(query))}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        <div className="absolute inset-y-0 right-2 flex items-center gap-1">
          {!isRequired && chosen && (
            <button
              type="button"
              className="min-h-9 min-w-9 rounded-md px-2 text-sm text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              aria-label={t('dropdown.clear')}
              onMouseDown={(event) => event.preventDefault()}
              onClick={clear}
            >
              ×
            </button>
          )}
          <span aria-hidden="true" className="pointer-events-none px-1 text-gray-600">
            ▾
          </span>
        </div>
      </div>
      <div
        id={listId}
        role="listbox"
        aria-labelledby={labelledBy}
        hidden={!isOpen}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-black/10"
      >
        {isOpen && matches.length === 0 && (
          <div className="px-3 py-2 text-gray-600">{t('dropdown.noOptions')}</div>
        )}
        {isOpen &&
          matches.map((option, index) => (
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={option.value === value}
              className={`cursor-pointer rounded-md px-3 py-2.5 wrap-anywhere text-gray-900 ${
                index === active ? 'bg-indigo-50 ring-1 ring-indigo-600' : ''
              } ${option.value === value ? 'font-semibold' : ''}`}
              // Keeps the focus in the text box while choosing with the mouse (keys: onKeyDown above).
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {option.label}
            </div>
          ))}
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
