import { slackWebhookUrlSchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { roleReason } from '@/features/auth/api/use-can';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { SettingsSection } from './settings-section';

const slackWebhookFormSchema = z.object({ slackWebhookUrl: slackWebhookUrlSchema });
type SlackWebhookValues = z.output<typeof slackWebhookFormSchema>;

type SlackWebhookFormProps = {
  slackWebhookUrl: string | null;
  canEdit: boolean;
};

/** The Slack incoming webhook alerts post to (decision 008); the server checks where it points. */
export function SlackWebhookForm({ slackWebhookUrl, canEdit }: SlackWebhookFormProps) {
  const updateSettings = useUpdateNotificationSettings();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<z.input<typeof slackWebhookFormSchema>, unknown, SlackWebhookValues>({
    resolver: zodResolver(slackWebhookFormSchema),
    // Follows the saved value (e.g. after another admin's change) without losing what is typed.
    values: { slackWebhookUrl: slackWebhookUrl ?? '' },
    resetOptions: { keepDirtyValues: true },
  });

  /** The server's reason (e.g. a private address) belongs under the field, not only in a toast. */
  const showServerError = (error: unknown) => {
    const details = getErrorDetails(error);
    setError('slackWebhookUrl', { message: details.slackWebhookUrl ?? getErrorMessage(error) });
  };

  const save = handleSubmit(async (values) => {
    try {
      const saved = await toastPromise(updateSettings.mutateAsync(values), {
        pending: 'Saving Slack webhook...',
        success: 'Slack webhook saved successfully!',
        error: 'Failed to save Slack webhook.',
      });
      reset({ slackWebhookUrl: saved.slackWebhookUrl ?? '' });
    } catch (error) {
      showServerError(error);
    }
  });

  const remove = async () => {
    try {
      await toastPromise(updateSettings.mutateAsync({ slackWebhookUrl: null }), {
        pending: 'Removing Slack webhook...',
        success: 'Slack webhook removed successfully!',
        error: 'Failed to remove Slack webhook.',
      });
      reset({ slackWebhookUrl: '' });
    } catch (error) {
      showServerError(error);
    }
  };

  return (
    <SettingsSection
      title="Slack"
      badge={
        slackWebhookUrl ? <Badge tone="blue">Connected</Badge> : <Badge tone="gray">Not connected</Badge>
      }
      description="Alerts that use the Slack channel post to this incoming webhook. Create one in Slack (Apps → Incoming Webhooks) and paste its URL here."
    >
      <form onSubmit={save} noValidate className="space-y-4">
        <TextField
          label="Slack webhook URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.slack.com/services/..."
          readOnly={!canEdit}
          error={errors.slackWebhookUrl?.message}
          {...register('slackWebhookUrl')}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            disabled={isSubmitting || updateSettings.isPending || !isDirty}
            disabledReason={canEdit ? undefined : roleReason('admin', 'change the Slack webhook')}
          >
            {isSubmitting ? 'Saving...' : 'Save Webhook'}
          </Button>
          {canEdit && slackWebhookUrl && (
            <Button
              variant="secondary"
              onClick={() => void remove()}
              disabled={isSubmitting || updateSettings.isPending}
            >
              Remove Webhook
            </Button>
          )}
        </div>
      </form>
    </SettingsSection>
  );
}
