import {
  choiceFilterOperators,
  propertyFilterOperators,
  type ResponseFilter,
  type ResponseFilterOperator,
  rangeFilterOperator,
  type SurveyLanguage,
  type SurveyProperty,
} from '@graphium/shared';
import { useState } from 'react';
import type { ListChoices } from '@/features/lists/api/get-list';
import { NativeSelect, type Option, Section, ValueInput } from './filter-fields';
import { operatorOptions } from './filter-rules';
import { buildLanguageFilter, buildPropertyFilter, languageOptions } from './property-filter-rules';

// The Properties and Language sections of Filter Responses (docs/decisions/029-segments.md). Only
// properties shown in reports are offered.

type AddFilter = (filter: ResponseFilter | undefined, reset: () => void) => void;

function propertyChoices(property: SurveyProperty, lists: Readonly<Record<string, ListChoices>>): Option[] {
  if (property.type === 'Boolean')
    return [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ];
  if (property.type === 'ListItem' && property.listId) return lists[property.listId]?.options ?? [];
  return [];
}

export function PropertyFilterSection({
  properties,
  lists,
  onAdd,
}: {
  properties: readonly SurveyProperty[];
  lists: Readonly<Record<string, ListChoices>>;
  onAdd: AddFilter;
}) {
  const [propertyId, setPropertyId] = useState('');
  const [operator, setOperator] = useState<ResponseFilterOperator | ''>('');
  const [value, setValue] = useState('');
  const [upTo, setUpTo] = useState('');
  if (properties.length === 0) return null;
  const property = properties.find((item) => item.id === propertyId);
  const filter = property ? buildPropertyFilter(property, operator, value, upTo) : undefined;
  const choose = (id: string) => {
    const next = properties.find((item) => item.id === id);
    setPropertyId(id);
    setOperator(next ? (propertyFilterOperators(next.type)[0] ?? '') : '');
    setValue('');
    setUpTo('');
  };
  const isChoice = property?.type === 'Boolean' || property?.type === 'ListItem';
  const inputType =
    property?.type === 'Number' ? 'number' : property?.type === 'Text' || !property ? 'text' : 'date';
  return (
    <Section
      title="Properties"
      addLabel="Add Property Filter"
      canAdd={filter !== undefined}
      onAdd={() =>
        onAdd(filter, () => {
          setValue('');
          setUpTo('');
        })
      }
    >
      <NativeSelect
        label="Property"
        value={propertyId}
        onChange={choose}
        options={properties.map((item) => ({ value: item.id, label: item.label }))}
        placeholder="Select a property"
      />
      <NativeSelect
        label="Property operator"
        value={operator}
        onChange={(next) => setOperator(next as ResponseFilterOperator)}
        options={property ? operatorOptions(propertyFilterOperators(property.type)) : []}
        placeholder={property ? undefined : 'Select a property first'}
      />
      {isChoice && property ? (
        <NativeSelect
          label="Property value"
          value={value}
          onChange={setValue}
          options={propertyChoices(property, lists)}
          placeholder="Select a value"
        />
      ) : operator === rangeFilterOperator ? (
        <div className="grid grid-cols-2 gap-2">
          <ValueInput label="From" type={inputType} value={value} onChange={setValue} />
          <ValueInput label="Under" type={inputType} value={upTo} onChange={setUpTo} />
        </div>
      ) : (
        <ValueInput label="Property value" type={inputType} value={value} onChange={setValue} />
      )}
    </Section>
  );
}

export function LanguageFilterSection({
  languages,
  onAdd,
}: {
  languages: readonly SurveyLanguage[];
  onAdd: AddFilter;
}) {
  const [operator, setOperator] = useState<ResponseFilterOperator>('is');
  const [language, setLanguage] = useState('');
  // One language means nothing to choose between.
  if (languages.length < 2) return null;
  const filter = buildLanguageFilter(operator, language);
  return (
    <Section
      title="Language"
      addLabel="Add Language Filter"
      canAdd={filter !== undefined}
      onAdd={() => onAdd(filter, () => setLanguage(''))}
    >
      <NativeSelect
        label="Language operator"
        value={operator}
        onChange={(next) => setOperator(next as ResponseFilterOperator)}
        options={operatorOptions(choiceFilterOperators)}
      />
      <NativeSelect
        label="Language"
        value={language}
        onChange={setLanguage}
        options={languageOptions(languages)}
        placeholder="Select a language"
      />
    </Section>
  );
}
