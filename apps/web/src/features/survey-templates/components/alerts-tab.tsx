import {
  type Alert,
  type AlertCondition,
  getListItemOptions,
  isPropertyCondition,
  type SurveyProperty,
  type SurveyQuestion,
} from '@graphium/shared';
import { Bell, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useList } from '@/features/lists/api/get-list';
import { useLastDefined } from '@/lib/use-last-defined';
import { AlertCaseSummary } from './alert-case-fields';
import { channelLabels, conditionSentence } from './alert-form';
import { AlertFormModal } from './alert-form-modal';
import { ConfirmDialog } from './confirm-dialog';
import { EditDeleteButtons } from './edit-delete-buttons';
import { TabHeading } from './tab-heading';
import { TabState } from './tab-state';
import { useTemplateEditor } from './template-context';

/**
 * Alerts tab (docs/product-rules.md#alerts): alerts live in the settings and stay editable on any version.
 */
export function AlertsTab() {
  return (
    <TabState loading="Loading alerts..." error="Error loading alerts. Please try again.">
      <AlertsPanel />
    </TabState>
  );
}

function AlertsPanel() {
  const { version, canEdit, roleBlock, save, isSaving } = useTemplateEditor();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [edited, setEdited] = useState<Alert>();
  const [deleted, setDeleted] = useState<Alert>();
  const shownEdited = useLastDefined(edited);
  const shownDeleted = useLastDefined(deleted);
  const alerts = version.settings.alerts;
  const questions = version.definition.questions;
  const hasQuestions = questions.length > 0;

  const remove = async () => {
    if (!deleted) return;
    try {
      await save(
        { settings: { ...version.settings, alerts: alerts.filter((item) => item.id !== deleted.id) } },
        {
          pending: 'Deleting alert...',
          success: 'Alert deleted successfully!',
          error: 'Failed to delete alert.',
        },
      );
    } catch {
      return;
    }
    setDeleted(undefined);
  };

  const addButton = (
    <Button
      onClick={() => setIsAddOpen(true)}
      disabled={!hasQuestions}
      disabledReason={roleBlock('add alerts')}
    >
      <Plus className="size-4" aria-hidden="true" />
      Add Alert
    </Button>
  );

  return (
    <section>
      <TabHeading
        title="Survey Alerts"
        description={
          hasQuestions
            ? 'Tell people at once when a completed survey meets your conditions.'
            : 'Add questions before creating alerts: conditions are set on answers.'
        }
        action={addButton}
      />
      {alerts.length === 0 ? (
        <EmptyState icon={Bell} title="No alerts configured" action={addButton}>
          For example, tell a manager when a respondent gives an NPS score below 7.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {alerts.map((alert) => (
            <li
              key={alert.id}
              className="flex items-start justify-between gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
            >
              <div className="min-w-0 space-y-2">
                <h3 className="font-medium text-gray-900">{alert.name}</h3>
                <ul className="list-inside list-disc text-sm text-gray-700">
                  {alert.conditions.map((condition, index) => (
                    <ConditionSentence
                      // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id of their own
                      key={index}
                      condition={condition}
                      questions={questions}
                      properties={version.definition.properties}
                    />
                  ))}
                </ul>
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="sr-only">Recipients:</span>
                  {alert.recipients.map((recipient) => (
                    <Badge key={recipient} tone="gray">
                      {recipient}
                    </Badge>
                  ))}
                </div>
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="sr-only">Channels:</span>
                  {alert.notificationChannels.map((channel) => (
                    <Badge key={channel} tone="indigo">
                      {channelLabels[channel]}
                    </Badge>
                  ))}
                </div>
                <AlertCaseSummary alert={alert} />
              </div>
              {canEdit && (
                <div className="flex shrink-0 gap-1">
                  <EditDeleteButtons
                    name={alert.name}
                    onEdit={() => setEdited(alert)}
                    onDelete={() => setDeleted(alert)}
                    isEditDisabled={!hasQuestions}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <AlertFormModal isOpen={isAddOpen} onOpenChange={setIsAddOpen} />
      <AlertFormModal
        isOpen={edited !== undefined}
        onOpenChange={(isOpen) => !isOpen && setEdited(undefined)}
        alert={shownEdited}
      />
      <ConfirmDialog
        isOpen={deleted !== undefined}
        onOpenChange={(isOpen) => !isOpen && setDeleted(undefined)}
        title="Delete Alert"
        description={`Are you sure you want to delete the alert “${shownDeleted?.name ?? ''}”?`}
        confirmLabel="Delete"
        onConfirm={remove}
        isPending={isSaving}
      />
    </section>
  );
}

/** A condition as a sentence; a list item property's value by its item's label (decision 035). */
function ConditionSentence({
  condition,
  questions,
  properties,
}: {
  condition: AlertCondition;
  questions: SurveyQuestion[];
  properties: readonly SurveyProperty[];
}) {
  const property = isPropertyCondition(condition)
    ? properties.find((item) => item.id === condition.surveyPropertyId)
    : undefined;
  const list = useList(property?.type === 'ListItem' ? property.listId : undefined);
  const valueLabel = list.data
    ? getListItemOptions(list.data).find((option) => option.value === String(condition.value))?.label
    : undefined;
  return <li>{conditionSentence(condition, questions, properties, valueLabel)}</li>;
}
