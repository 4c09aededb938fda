import type { Reminder } from '@graphium/shared';
import { BellRing, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useLastDefined } from '@/lib/use-last-defined';
import { ConfirmDialog } from './confirm-dialog';
import { EditDeleteButtons } from './edit-delete-buttons';
import { ReminderFormModal, reminderEventLabels } from './reminder-form-modal';
import { TabHeading } from './tab-heading';
import { TabState } from './tab-state';
import { useTemplateEditor } from './template-context';

/**
 * 'Send reminder after N unit', singular when N is 1
 * (docs/product-rules.md#reminders-quiet-hours-and-suppression).
 */
export function reminderTitle(reminder: Pick<Reminder, 'duration' | 'period'>): string {
  const unit = reminder.duration === 1 ? reminder.period.replace(/s$/, '') : reminder.period;
  return `Send reminder after ${reminder.duration} ${unit}`;
}

/** Reminders tab (docs/product-rules.md#reminders-quiet-hours-and-suppression). */
export function RemindersTab() {
  return (
    <TabState loading="Loading reminders..." error="Error loading reminders. Please try again.">
      <RemindersPanel />
    </TabState>
  );
}

function RemindersPanel() {
  const { version, canEdit, roleBlock, save, isSaving } = useTemplateEditor();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [edited, setEdited] = useState<Reminder>();
  const [deleted, setDeleted] = useState<Reminder>();
  const shownEdited = useLastDefined(edited);
  const shownDeleted = useLastDefined(deleted);
  const reminders = version.settings.reminders;

  const remove = async () => {
    if (!deleted) return;
    try {
      await save(
        { settings: { ...version.settings, reminders: reminders.filter((item) => item.id !== deleted.id) } },
        {
          pending: 'Deleting reminder...',
          success: 'Reminder deleted successfully!',
          error: 'Failed to delete reminder.',
        },
      );
    } catch {
      return;
    }
    setDeleted(undefined);
  };

  const addButton = (
    <Button onClick={() => setIsAddOpen(true)} disabledReason={roleBlock('add reminders')}>
      <Plus className="size-4" aria-hidden="true" />
      Add Reminder
    </Button>
  );

  return (
    <section>
      <TabHeading
        title="Survey Reminders"
        description="Reminders go to respondents who have not completed the survey, never after it expires."
        action={addButton}
      />
      {reminders.length === 0 ? (
        <EmptyState icon={BellRing} title="No reminders configured" action={addButton}>
          Remind respondents a while after the survey is sent or opened.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {reminders.map((reminder) => {
            const title = reminderTitle(reminder);
            return (
              <li
                key={reminder.id}
                className="flex items-start justify-between gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium text-gray-900">{title}</h3>
                    <Badge tone={reminder.event === 'sent' ? 'blue' : 'indigo'}>
                      {reminderEventLabels[reminder.event]}
                    </Badge>
                  </div>
                  <p className="mt-1 text-sm wrap-anywhere text-gray-600">{reminder.message}</p>
                </div>
                {canEdit && (
                  <div className="flex shrink-0 gap-1">
                    <EditDeleteButtons
                      name={title}
                      onEdit={() => setEdited(reminder)}
                      onDelete={() => setDeleted(reminder)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ReminderFormModal isOpen={isAddOpen} onOpenChange={setIsAddOpen} />
      <ReminderFormModal
        isOpen={edited !== undefined}
        onOpenChange={(isOpen) => !isOpen && setEdited(undefined)}
        reminder={shownEdited}
      />
      <ConfirmDialog
        isOpen={deleted !== undefined}
        onOpenChange={(isOpen) => !isOpen && setDeleted(undefined)}
        title="Delete Reminder"
        description={`Are you sure you want to delete the reminder “${shownDeleted ? reminderTitle(shownDeleted) : ''}”?`}
        confirmLabel="Delete"
        onConfirm={remove}
        isPending={isSaving}
      />
    </section>
  );
}
