import { Image, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText } from '@/components/ui/status-message';
import { roleReason } from '@/features/auth/api/use-can';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { toImageSource, useLogo } from '../api/get-logo';
import { DeleteLogoDialog } from './delete-logo-dialog';
import { formatContentType } from './format';
import { LogoUploadForm } from './logo-upload-form';

const logoLoadErrorMessage = 'Failed to load the logo. Please try again.';

type LogoSettingsProps = {
  /** Only admins may change the logo; the server enforces it too. */
  canEdit: boolean;
};

/**
 * Settings → Logo (docs/product-rules.md#logo-and-api-keys): the current logo, Delete Logo, and an upload
 * with preview.
 */
export function LogoSettings({ canEdit }: LogoSettingsProps) {
  const logo = useLogo();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);

  return (
    <div>
      <PageHeader
        level={2}
        title="Logo"
        description="Your logo appears in the app header, on invitations and e-mails, and on the pages respondents see."
      />
      <section aria-labelledby="current-logo-heading" className="space-y-3">
        <h3 id="current-logo-heading" className="text-base font-semibold text-gray-900">
          Current Logo
        </h3>
        {logo.isPending ? (
          <LoadingText>Loading logo...</LoadingText>
        ) : logo.isError ? (
          <LoadError title={logoLoadErrorMessage} onRetry={() => void logo.refetch()} />
        ) : logo.data ? (
          <div className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-6 sm:flex-row sm:items-center">
            <div className="flex h-28 w-full items-center justify-center rounded-lg bg-gray-50 p-3 ring-1 ring-gray-200 sm:w-56">
              <img
                src={toImageSource(logo.data.url)}
                alt="Current logo"
                className="max-h-full max-w-full object-contain"
              />
            </div>
            <dl className="flex-1 space-y-1 text-sm">
              <div className="flex gap-2">
                <dt className="text-gray-600">Format</dt>
                <dd className="font-medium text-gray-900">{formatContentType(logo.data.contentType)}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-gray-600">Size</dt>
                <dd className="font-medium text-gray-900">{formatFileSize(logo.data.size)}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-gray-600">Updated</dt>
                <dd className="font-medium text-gray-900">{formatDateTime(logo.data.updatedAt)}</dd>
              </div>
            </dl>
            <Button
              variant="danger"
              className="self-start sm:self-center"
              wrapperClassName="self-start sm:self-center"
              onClick={() => setIsDeleteOpen(true)}
              disabledReason={canEdit ? undefined : roleReason('admin', 'delete the logo')}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Delete Logo
            </Button>
          </div>
        ) : (
          <EmptyState icon={Image} title="No logo yet">
            {canEdit
              ? 'Upload your logo below: it then appears in the header, on invitations and on survey pages.'
              : 'An admin of this workspace can upload one.'}
          </EmptyState>
        )}
      </section>

      <section aria-labelledby="upload-logo-heading" className="mt-8 space-y-3">
        <h3 id="upload-logo-heading" className="text-base font-semibold text-gray-900">
          {logo.data ? 'Replace Logo' : 'Upload Logo'}
        </h3>
        {canEdit ? (
          <LogoUploadForm />
        ) : (
          <p className="text-sm text-gray-600">Only workspace admins can upload or delete the logo.</p>
        )}
      </section>

      <DeleteLogoDialog isOpen={isDeleteOpen} onOpenChange={setIsDeleteOpen} />
    </div>
  );
}
