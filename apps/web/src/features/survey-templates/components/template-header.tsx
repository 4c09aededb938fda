import { templateStateLabel } from '@graphium/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, Eye, History, Pencil, Undo2, Upload } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { capitalize, formatDateTime, formatWholeDaysAgo } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useChangeTemplateState } from '../api/change-template-state';
import { useCreateTemplateVersion } from '../api/create-template-version';
import { templatePreviewPath } from '../api/get-template-preview';
import { type TemplateVersion, templatePath } from '../api/template-kind';
import { ConfirmDialog } from './confirm-dialog';
import { DeleteTemplateButton } from './delete-template-button';
import { useTemplateEditor } from './template-context';
import { TemplateStateBadge } from './template-state-badge';

/** The Send Survey action, supplied by the route (the sending feature owns it). */
export type RenderSendAction = (version: TemplateVersion) => ReactNode;

/** The tab in the URL, so moving between versions keeps the user on the same tab. */
function useCurrentTab(): string {
  const { config, version } = useTemplateEditor();
  const base = templatePath(config.kind, version.versionId);
  return useLocation().pathname.slice(base.length).split('/')[1] || 'properties';
}

/**
 * docs/product-rules.md#survey-templates-and-versions: name, status badge, age, and the Send Survey, Edit and
 * Publish/Unpublish buttons.
 */
export function TemplateHeader({ renderSendAction }: { renderSendAction?: RenderSendAction | undefined }) {
  const { config, version, roleBlock } = useTemplateEditor();
  const { kind } = config;
  const navigate = useNavigate();
  const createVersion = useCreateTemplateVersion(kind);
  const changeState = useChangeTemplateState(kind);
  const isPublished = version.state === 'PUBLISHED';
  // docs/product-rules.md#survey-templates-and-versions: Edit makes a new draft, only from a published or
  // unpublished version.
  const canMakeDraft = version.state === 'PUBLISHED' || version.state === 'UNPUBLISHED';
  const noun = config.texts.noun;
  const [isConfirmingUnpublish, setIsConfirmingUnpublish] = useState(false);

  const edit = async () => {
    try {
      const draft = await toastPromise(createVersion.mutateAsync(version.templateId), {
        pending: 'Creating a new draft version...',
        success: 'New draft version created.',
        error: config.texts.newVersionFailure,
      });
      navigate(templatePath(kind, draft.versionId, 'properties'));
    } catch {
      // The toast told the user.
    }
  };

  const togglePublished = async () => {
    const isDone = await toastPromise(
      changeState.mutateAsync({
        versionId: version.versionId,
        stateCode: isPublished ? 'UNPUBLISHED' : 'PUBLISHED',
      }),
      isPublished
        ? {
            pending: `Unpublishing ${noun}...`,
            success: `${capitalize(noun)} unpublished successfully!`,
            error: config.texts.stateFailure ?? `Failed to unpublish ${noun}.`,
          }
        : {
            pending: `Publishing ${noun}...`,
            success: `${capitalize(noun)} published successfully!`,
            error: config.texts.stateFailure ?? `Failed to publish ${noun}.`,
          },
    ).then(
      () => true,
      () => false,
    );
    if (isDone) setIsConfirmingUnpublish(false);
  };

  return (
    <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-gray-900">{version.name}</h1>
          <TemplateStateBadge state={version.state} />
        </div>
        <p className="mt-1 text-sm text-gray-600">{`Last updated ${formatWholeDaysAgo(version.updatedAt)}`}</p>
        {version.description && <p className="mt-1 text-sm text-gray-700">{version.description}</p>}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <VersionHistoryMenu />
        {/* Any version, drafts included, as respondents see it; viewers too (decision 022). */}
        <ButtonLink
          variant="secondary"
          to={templatePreviewPath(kind, version.versionId)}
          target="_blank"
          rel="noopener"
        >
          <Eye className="size-4" aria-hidden="true" />
          Preview
          <span className="sr-only"> (opens in a new tab)</span>
        </ButtonLink>
        {kind === 'survey' && renderSendAction?.(version)}
        {canMakeDraft && (
          <Button
            variant="secondary"
            onClick={() => void edit()}
            disabled={createVersion.isPending}
            disabledReason={roleBlock(`edit ${noun}s`)}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
        )}
        <Button
          onClick={() => (isPublished ? setIsConfirmingUnpublish(true) : void togglePublished())}
          disabled={changeState.isPending}
          disabledReason={roleBlock(`${isPublished ? 'unpublish' : 'publish'} ${noun}s`)}
        >
          {isPublished ? (
            <Undo2 className="size-4" aria-hidden="true" />
          ) : (
            <Upload className="size-4" aria-hidden="true" />
          )}
          {isPublished ? 'Unpublish' : 'Publish'}
        </Button>
        {kind === 'survey' && (
          <DeleteTemplateButton templateId={version.templateId} templateName={version.name} />
        )}
      </div>
      <ConfirmDialog
        isOpen={isConfirmingUnpublish}
        onOpenChange={setIsConfirmingUnpublish}
        title={`Unpublish ${noun}`}
        description={`Unpublish “${version.name}”?`}
        confirmLabel="Unpublish"
        onConfirm={togglePublished}
        isPending={changeState.isPending}
      >
        <p className="text-sm text-gray-700">
          {kind === 'survey'
            ? 'No new surveys can be sent from it until it is published again. Surveys already sent keep working until they expire, and their answers are kept.'
            : 'Workspaces can no longer create templates from it until it is published again. Templates already made from it do not change.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}

function VersionHistoryMenu() {
  const { config, version } = useTemplateEditor();
  const tab = useCurrentTab();
  return (
    // Not modal: a modal menu hides the page from assistive technology while it stays focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="inline-flex items-center gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        aria-label={`Version history: viewing version ${version.versionNumber}`}
      >
        <History className="size-4" aria-hidden="true" />
        Version {version.versionNumber}
        <ChevronDown className="size-4 text-gray-600" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 max-h-80 w-72 overflow-y-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-black/10"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">
            Version history
          </DropdownMenu.Label>
          {version.versions.map((item) => {
            const isCurrent = item.versionId === version.versionId;
            return (
              <DropdownMenu.Item key={item.versionId} asChild>
                <Link
                  to={templatePath(config.kind, item.versionId, tab)}
                  aria-current={isCurrent ? 'page' : undefined}
                  className="flex cursor-pointer items-start gap-2 rounded-md px-3 py-2 text-sm text-gray-900 outline-none select-none data-highlighted:bg-gray-100"
                >
                  <Check
                    className={isCurrent ? 'mt-0.5 size-4 text-indigo-600' : 'mt-0.5 size-4 opacity-0'}
                    aria-hidden="true"
                  />
                  <span>
                    <span className="block font-medium">
                      Version {item.versionNumber} · {templateStateLabel(item.state)}
                    </span>
                    <span className="block text-xs text-gray-600">
                      Updated {formatDateTime(item.updatedAt)}
                    </span>
                  </span>
                </Link>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
