import {
  type CreateWebhookInput,
  createWebhookBodySchema,
  type Webhook,
  type WebhookWithSecret,
  webhookEventDescriptions,
  webhookEventTypes,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sameNames, showServerFieldErrors, useWhenOpened } from '@/components/ui/form-dialog';
import { CheckboxField, FieldError, TextField } from '@/components/ui/form-field';
import { toastPromise } from '@/lib/toast';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';

type WebhookValues = z.output<typeof createWebhookBodySchema>;

type WebhookFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The webhook to edit; none to add one. */
  webhook?: Webhook | undefined;
  onSaved?: (webhook: WebhookWithSecret) => void;
};

const formId = 'webhook-form';
const emptyValues: CreateWebhookInput = { url: '', description: '', events: [] };

/** Add or edit a webhook: its https address, a note, and the events it receives. */
export function WebhookFormDialog({ isOpen, onOpenChange, webhook, onSaved }: WebhookFormDialogProps) {
  const createWebhook = useCreateWebhook();
  const updateWebhook = useUpdateWebhook();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateWebhookInput, unknown, WebhookValues>({
    resolver: zodResolver(createWebhookBodySchema),
    defaultValues: emptyValues,
  });
  useWhenOpened(isOpen, () =>
    reset(
      webhook ? { url: webhook.url, description: webhook.description, events: webhook.events } : emptyValues,
    ),
  );

  const onSubmit = handleSubmit(async (values) => {
    let saved: WebhookWithSecret;
    try {
      saved = await toastPromise(
        webhook
          ? updateWebhook.mutateAsync({ webhookId: webhook.webhookId, ...values })
          : createWebhook.mutateAsync(values),
        {
          pending: webhook ? 'Saving webhook...' : 'Adding webhook...',
          success: webhook ? 'Webhook saved.' : 'Webhook added.',
          error: webhook ? 'Failed to save the webhook.' : 'Failed to add the webhook.',
        },
      );
    } catch (error) {
      showServerFieldErrors(error, setError, sameNames(['url', 'description', 'events']));
      return;
    }
    onOpenChange(false);
    onSaved?.(saved);
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={webhook ? 'Edit Webhook' : 'Add Webhook'}
      description="Graphium posts each event to this address, signed with the webhook's secret."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={webhook ? 'Save Webhook' : 'Add Webhook'}
      pendingLabel="Saving..."
    >
      <TextField
        label="Endpoint URL"
        type="url"
        autoComplete="off"
        placeholder="https://example.com/graphium-webhook"
        error={errors.url?.message}
        {...register('url')}
      />
      <TextField
        label="Description (optional)"
        autoComplete="off"
        placeholder="What receives the events"
        error={errors.description?.message}
        {...register('description')}
      />
      <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-gray-900">Events</legend>
        <div className="mt-2 space-y-3">
          {webhookEventTypes.map((type) => (
            <CheckboxField
              key={type}
              value={type}
              label={
                <>
                  <span className="font-mono text-gray-900">{type}</span>
                  <span className="block text-gray-600">{webhookEventDescriptions[type]}</span>
                </>
              }
              {...register('events')}
            />
          ))}
        </div>
        <FieldError id="webhook-events-error" message={errors.events?.message} />
      </fieldset>
    </FormDialog>
  );
}
