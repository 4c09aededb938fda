import type { SentSurvey } from '@graphium/shared';
import { Plus, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, TextField } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
import { useListOptions } from '@/features/lists/api/get-list';
import { usePhoneCountry } from '@/features/notifications/api/get-notification-settings';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useCreateSurvey } from '../api/create-survey';
import { PropertyInput } from './property-input';
import {
  type ContactGroup,
  formatPhoneInput,
  hasErrors,
  initialValues,
  newContactGroup,
  type PropertyInputValue,
  type SendSurveyProperty,
  type SendSurveyValues,
  toCreateSurveyInput,
  validateSendSurvey,
} from './send-survey-form';

type SingleSendFormProps = {
  versionId: string;
  properties: readonly SendSurveyProperty[];
  onSent: (survey: SentSurvey) => void;
  onCancel: () => void;
};

const sendSurveyFormId = 'send-survey-form';

/**
 * The Create Survey form (docs/product-rules.md#sending-surveys): contact groups and the survey's properties.
 */
export function SingleSendForm({ versionId, properties, onSent, onCancel }: SingleSendFormProps) {
  const createSurvey = useCreateSurvey();
  const phoneCountry = usePhoneCountry();
  const [values, setValues] = useState<SendSurveyValues>(() => initialValues(properties));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverError, setServerError] = useState<{ message: string; fields: Record<string, string> }>();
  const listIds = properties.flatMap((property) =>
    property.type === 'ListItem' && property.listId ? [property.listId] : [],
  );
  const lists = useListOptions(listIds);
  const options = Object.fromEntries(Object.entries(lists).map(([listId, list]) => [listId, list.options]));
  const errors = validateSendSurvey(properties, values, options, phoneCountry);
  const isInvalid = hasErrors(errors);
  const headingId = useId();

  const touch = (field: string) => setTouched((current) => new Set(current).add(field));
  const shown = (field: string, message: string | undefined) => (touched.has(field) ? message : undefined);

  const updateContact = (key: number, change: Partial<ContactGroup>) =>
    setValues((current) => ({
      ...current,
      contacts: current.contacts.map((group) => (group.key === key ? { ...group, ...change } : group)),
    }));
  const setProperty = (id: string, value: PropertyInputValue) => {
    setServerError(undefined);
    setValues((current) => ({ ...current, properties: { ...current.properties, [id]: value } }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isInvalid || createSurvey.isPending) return;
    setServerError(undefined);
    try {
      const survey = await toastPromise(
        createSurvey.mutateAsync(toCreateSurveyInput(versionId, properties, values, phoneCountry)),
        {
          pending: 'Sending survey...',
          success: 'Survey sent successfully!',
          error: 'Failed to create survey.',
        },
      );
      onSent(survey);
    } catch (error) {
      const details = getErrorDetails(error);
      const fields = Object.fromEntries(
        Object.entries(details).flatMap(([path, message]) =>
          path.startsWith('surveyProperties.') ? [[path.slice('surveyProperties.'.length), message]] : [],
        ),
      );
      setServerError({ message: getErrorMessage(error, 'Failed to create survey.'), fields });
    }
  };

  return (
    <form id={sendSurveyFormId} noValidate onSubmit={(event) => void submit(event)} className="space-y-8">
      <section aria-labelledby={`${headingId}-contacts`} className="space-y-4">
        <div>
          <h3 id={`${headingId}-contacts`} className="text-base font-semibold text-gray-900">
            Contact Methods
          </h3>
          <p className="mt-1 text-sm text-gray-600">
            Each contact gets the survey link by e-mail, by text message, or both.
          </p>
        </div>
        {values.contacts.map((group, index) => {
          const groupErrors = errors.contacts[index] ?? {};
          const emailField = `contact.${group.key}.email`;
          const phoneField = `contact.${group.key}.phone`;
          const isGroupTouched = touched.has(emailField) || touched.has(phoneField);
          const groupLabel = `Contact ${index + 1}`;
          return (
            <fieldset key={group.key} className="rounded-lg border border-gray-200 p-4">
              <legend className="px-1 text-sm font-medium text-gray-900">{groupLabel}</legend>
              <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                <TextField
                  label="Email Address"
                  type="email"
                  autoComplete="off"
                  placeholder="name@example.com"
                  value={group.email}
                  onChange={(event) => updateContact(group.key, { email: event.target.value })}
                  onBlur={() => touch(emailField)}
                  error={shown(emailField, groupErrors.email)}
                />
                <TextField
                  label="Phone Number"
                  type="tel"
                  autoComplete="off"
                  placeholder="(555) 123-4567"
                  value={group.phone}
                  onChange={(event) =>
                    updateContact(group.key, { phone: formatPhoneInput(event.target.value, phoneCountry) })
                  }
                  onBlur={() => touch(phoneField)}
                  error={shown(phoneField, groupErrors.phone)}
                />
                {values.contacts.length > 1 && (
                  <Button
                    variant="ghost"
                    className="sm:mt-7"
                    aria-label={`Remove ${groupLabel}`}
                    onClick={() =>
                      setValues((current) => ({
                        ...current,
                        contacts: current.contacts.filter((item) => item.key !== group.key),
                      }))
                    }
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                )}
              </div>
              <FieldError
                id={`${headingId}-group-${group.key}`}
                message={isGroupTouched ? groupErrors.group : undefined}
              />
            </fieldset>
          );
        })}
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            setValues((current) => ({ ...current, contacts: [...current.contacts, newContactGroup()] }))
          }
        >
          <Plus className="size-4" aria-hidden="true" />
          Add Contact Method
        </Button>
      </section>

      <section aria-labelledby={`${headingId}-properties`} className="space-y-4">
        <h3 id={`${headingId}-properties`} className="text-base font-semibold text-gray-900">
          Survey Properties
        </h3>
        {properties.length === 0 ? (
          <p className="text-sm text-gray-600">This template has no properties to fill.</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {properties.map((property) => {
              const field = `property.${property.id}`;
              return (
                <div key={property.id} className={property.type === 'ListItem' ? 'sm:col-span-2' : undefined}>
                  <PropertyInput
                    property={property}
                    value={values.properties[property.id] ?? ''}
                    onChange={(value) => {
                      touch(field);
                      setProperty(property.id, value);
                    }}
                    onBlur={() => touch(field)}
                    error={serverError?.fields[property.id] ?? shown(field, errors.properties[property.id])}
                    list={property.listId ? lists[property.listId] : undefined}
                  />
                </div>
              );
            })}
          </div>
        )}
      </section>

      {serverError && (
        <StatusMessage tone="error" title="The survey was not sent">
          {serverError.message}
        </StatusMessage>
      )}

      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isInvalid || createSurvey.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {createSurvey.isPending ? 'Sending...' : 'Send Survey'}
        </Button>
      </div>
    </form>
  );
}
