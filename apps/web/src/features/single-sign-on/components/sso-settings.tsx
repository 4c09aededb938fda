import {
  type SsoSettings as SsoSettingsData,
  ssoDomainInvalidMessage,
  ssoDomainSchema,
  ssoSettingsBodySchema,
  type WorkspaceRole,
  workspaceRoles,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckboxField, PasswordField, TextField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField, type SelectOption } from '@/components/ui/select';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { roleReason } from '@/features/auth/api/use-can';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useSsoSettings } from '../api/get-sso-settings';
import { useRemoveSsoSettings } from '../api/remove-sso-settings';
import { useSaveSsoSettings } from '../api/save-sso-settings';
import { useTestSsoConnection } from '../api/test-sso-connection';

const roleOptions: ReadonlyArray<SelectOption<WorkspaceRole>> = workspaceRoles.map((role) => ({
  value: role,
  label: role.charAt(0).toUpperCase() + role.slice(1),
}));

/** Domains as typed: separated by commas, spaces or new lines. */
const domainsTextSchema = z
  .string()
  .transform((text) =>
    text
      .split(/[\s,;]+/)
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string())
      .min(1, 'Enter at least one e-mail domain')
      .max(20, 'Enter at most 20 domains')
      .refine((domains) => domains.every((domain) => ssoDomainSchema.safeParse(domain).success), {
        message: ssoDomainInvalidMessage,
      }),
  );

const ssoFormSchema = z.object({
  issuerUrl: ssoSettingsBodySchema.shape.issuerUrl,
  clientId: ssoSettingsBodySchema.shape.clientId,
  clientSecret: z.string().trim().max(1024, 'Use at most 1024 characters'),
  allowedDomains: domainsTextSchema,
  defaultRole: z.enum(workspaceRoles),
  isRequired: z.boolean(),
});
type SsoFormInput = z.input<typeof ssoFormSchema>;
type SsoFormValues = z.output<typeof ssoFormSchema>;
type SsoField = keyof SsoFormInput;

function formValuesOf(settings: SsoSettingsData | undefined): SsoFormInput {
  return {
    issuerUrl: settings?.issuerUrl ?? '',
    clientId: settings?.clientId ?? '',
    clientSecret: '',
    allowedDomains: settings?.allowedDomains.join(', ') ?? '',
    defaultRole: settings?.defaultRole ?? 'editor',
    isRequired: settings?.isRequired ?? false,
  };
}

function settingsKey(settings: SsoSettingsData): string {
  const { isConfigured, issuerUrl, clientId, allowedDomains, defaultRole, isRequired } = settings;
  return JSON.stringify([isConfigured, issuerUrl, clientId, allowedDomains, defaultRole, isRequired]);
}

type SsoSettingsProps = { customerId: string | undefined; workspaceName: string };

type SsoSettingsPageProps = SsoSettingsProps & {
  /** Only admins read or change single sign-on (the server holds this too). */
  canManage: boolean;
};

/**
 * Settings → Single Sign-On (admins; docs/decisions/045-single-sign-on.md): the business's
 * OpenID Connect identity provider, the e-mail domains it signs in, the role of newcomers and
 * whether password sign-in is refused for those domains.
 */
export function SsoSettings({ customerId, workspaceName, canManage }: SsoSettingsPageProps) {
  const settings = useSsoSettings({ customerId, enabled: canManage });
  return (
    <div>
      <PageHeader
        level={2}
        title="Single Sign-On"
        description="Let your staff sign in with your company's identity provider (OpenID Connect)."
      />
      {!canManage ? (
        <StatusMessage title={roleReason('admin', 'manage single sign-on')} />
      ) : settings.isPending ? (
        <LoadingText>Loading single sign-on settings...</LoadingText>
      ) : settings.isError ? (
        <StatusMessage tone="error" title="Failed to load the single sign-on settings. Please try again." />
      ) : (
        // Saved settings start the form afresh (the secret field empty again).
        <SsoSettingsForm
          key={settingsKey(settings.data)}
          customerId={customerId}
          settings={settings.data}
          workspaceName={workspaceName}
        />
      )}
    </div>
  );
}

function SsoSettingsForm({
  customerId,
  settings,
  workspaceName,
}: SsoSettingsProps & { settings: SsoSettingsData }) {
  const save = useSaveSsoSettings(customerId);
  const remove = useRemoveSsoSettings();
  const testConnection = useTestSsoConnection();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SsoFormInput, unknown, SsoFormValues>({
    resolver: zodResolver(ssoFormSchema),
    defaultValues: formValuesOf(settings),
  });

  const showServerErrors = (error: unknown) => {
    const details = getErrorDetails(error);
    for (const [key, message] of Object.entries(details)) {
      const field = key.split('.')[0] as SsoField;
      if (field in ssoFormSchema.shape) setError(field, { message });
    }
  };

  const onSubmit = handleSubmit(async ({ clientSecret, ...values }) => {
    try {
      await toastPromise(
        // A blank secret is left out: the saved one stays.
        save.mutateAsync({ ...values, ...(clientSecret ? { clientSecret } : {}) }),
        {
          pending: 'Saving single sign-on...',
          success: 'Single sign-on saved successfully!',
          error: (error: unknown) => getErrorMessage(error, 'Failed to save single sign-on.'),
        },
      );
    } catch (error) {
      showServerErrors(error);
    }
  });

  const onTest = () =>
    void toastPromise(testConnection.mutateAsync(), {
      pending: 'Reading the discovery document...',
      success: (result) => result.message,
      error: (error: unknown) => getErrorMessage(error, 'The connection test failed.'),
    }).catch(() => {});

  const onRemove = () =>
    void toastPromise(remove.mutateAsync(), {
      pending: 'Turning single sign-on off...',
      success: 'Single sign-on was turned off.',
      error: (error: unknown) => getErrorMessage(error, 'Failed to turn single sign-on off.'),
    }).catch(() => {});

  return (
    <section
      aria-labelledby="sso-connection"
      className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="sso-connection" className="text-lg font-semibold text-gray-900">
          Identity provider
        </h3>
        {settings.isConfigured ? <Badge tone="blue">On</Badge> : <Badge tone="gray">Off</Badge>}
      </div>
      <p className="mt-1 text-sm text-gray-600">
        Register the redirect URL below at your identity provider, then enter what it gives you. People
        signing in for the first time join{' '}
        <strong className="font-semibold">{settings.workspaceName ?? workspaceName}</strong>.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        <TextField
          label="Redirect URL"
          value={settings.redirectUrl}
          readOnly
          onFocus={(e) => e.target.select()}
        />
        <TextField
          label="Issuer URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://login.example.com"
          error={errors.issuerUrl?.message}
          {...register('issuerUrl')}
        />
        <TextField
          label="Client ID"
          autoComplete="off"
          spellCheck={false}
          error={errors.clientId?.message}
          {...register('clientId')}
        />
        <PasswordField
          label="Client secret"
          autoComplete="new-password"
          hint={settings.hasClientSecret ? 'A secret is saved. Leave this empty to keep it.' : undefined}
          error={errors.clientSecret?.message}
          {...register('clientSecret')}
        />
        <TextField
          label="Allowed e-mail domains"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="example.com, example.co.uk"
          hint="Separate domains with commas. People sign in with SSO with an address at one of these."
          error={errors.allowedDomains?.message}
          {...register('allowedDomains')}
        />
        <Controller
          control={control}
          name="defaultRole"
          render={({ field, fieldState }) => (
            <SelectField
              label="Role of people signing in for the first time"
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              options={roleOptions}
              error={fieldState.error?.message}
            />
          )}
        />
        <CheckboxField
          label="Require single sign-on"
          hint={
            <p className="mt-1.5 ml-7 text-sm text-gray-600">
              Password sign-in is refused for addresses at these domains. Admins of your business can still
              sign in with their password, so you are never locked out if the identity provider fails.
            </p>
          }
          {...register('isRequired')}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            disabled={isSubmitting || save.isPending || (settings.isConfigured && !isDirty)}
          >
            {isSubmitting ? 'Saving...' : 'Save Settings'}
          </Button>
          {settings.isConfigured && (
            <>
              <Button variant="secondary" onClick={onTest} disabled={testConnection.isPending || isDirty}>
                {testConnection.isPending ? 'Testing...' : 'Test Connection'}
              </Button>
              <Button variant="secondary" onClick={onRemove} disabled={remove.isPending}>
                {remove.isPending ? 'Turning Off...' : 'Turn Off Single Sign-On'}
              </Button>
            </>
          )}
        </div>
      </form>
    </section>
  );
}
