import { staleTemplateMessage } from '@graphium/shared';
import { useMutationState } from '@tanstack/react-query';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { roleReason } from '@/features/auth/api/use-can';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTemplate } from '../api/get-template';
import { templateKeys } from '../api/query-keys';
import { type KindConfig, kindConfigs, type TemplateKind, templatePath } from '../api/template-kind';
import { isStaleWriteError, useUpdateTemplate } from '../api/update-template';
import { type TemplateEditor, TemplateEditorProvider, useTemplateEditor } from './template-context';
import { type RenderSendAction, TemplateHeader } from './template-header';

type TemplateDetailProps = {
  kind: TemplateKind;
  /**
   * The version shown: detail pages are addressed by version id
   * (docs/product-rules.md#survey-templates-and-versions).
   */
  versionId: string;
  canEdit: boolean;
  /** The tab chosen by the URL. */
  children: ReactNode;
  /** Survey templates: the header's Send Survey action. */
  renderSendAction?: RenderSendAction;
};

const templateTabs: Record<TemplateKind, { path: string; label: string }[]> = {
  survey: [
    { path: 'properties', label: 'Properties' },
    { path: 'questions', label: 'Questions' },
    { path: 'translations', label: 'Translations' },
    { path: 'settings', label: 'Settings' },
    { path: 'reminders', label: 'Reminders' },
    { path: 'alerts', label: 'Alerts' },
    { path: 'links', label: 'Links' },
    { path: 'responses', label: 'Responses' },
  ],
  base: [
    { path: 'properties', label: 'Properties' },
    { path: 'questions', label: 'Questions' },
    { path: 'translations', label: 'Translations' },
    { path: 'settings', label: 'Settings' },
  ],
};

function BackLink({ config }: { config: KindConfig }) {
  return (
    <Link
      to={config.path}
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {config.texts.back}
    </Link>
  );
}

/**
 * Template detail (docs/product-rules.md#survey-templates-and-versions): header, version notices and the
 * tabs, each a sub-route.
 */
export function TemplateDetail({
  kind,
  versionId,
  canEdit,
  children,
  renderSendAction,
}: TemplateDetailProps) {
  const config = kindConfigs[kind];
  const query = useTemplate(kind, versionId);
  useDocumentTitle(query.data?.name ?? (kind === 'base' ? 'Base Survey Template' : 'Survey Template'));

  if (!versionId) {
    return (
      <div>
        <BackLink config={config} />
        <StatusMessage tone="error" title="Template ID not found" />
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div>
        <BackLink config={config} />
        <LoadingText>Loading...</LoadingText>
      </div>
    );
  }
  if (!query.data) {
    const status = getErrorStatus(query.error);
    // The server answers 404 for an unknown or foreign id and 400 for a malformed one.
    const isNotFound = status === 404 || status === 400;
    return (
      <div>
        <BackLink config={config} />
        {isNotFound ? (
          <StatusMessage tone="error" title="Template Not Found">
            {config.texts.notFound}
          </StatusMessage>
        ) : (
          <LoadError title="Error Loading Template" onRetry={() => void query.refetch()}>
            <p>{`${config.texts.loadError}: ${getErrorMessage(query.error, 'Unknown error')}`}</p>
          </LoadError>
        )}
      </div>
    );
  }
  return (
    <TemplateEditorFrame
      config={config}
      query={query as typeof query & { data: NonNullable<typeof query.data> }}
      canEdit={canEdit}
      renderSendAction={renderSendAction}
    >
      {children}
    </TemplateEditorFrame>
  );
}

type FrameProps = {
  config: KindConfig;
  query: ReturnType<typeof useTemplate> & { data: NonNullable<ReturnType<typeof useTemplate>['data']> };
  canEdit: boolean;
  children: ReactNode;
  renderSendAction?: RenderSendAction | undefined;
};

function TemplateEditorFrame({ config, query, canEdit, children, renderSendAction }: FrameProps) {
  const version = query.data;
  const { kind } = config;
  const update = useUpdateTemplate(kind, version.versionId);
  const [isReloading, setIsReloading] = useState(false);
  const [reloadedAt, setReloadedAt] = useState(0);
  const staleWrites = useMutationState({
    filters: { mutationKey: templateKeys.saves(kind, version.versionId), status: 'error' },
    select: (mutation) => (isStaleWriteError(mutation.state.error) ? mutation.state.submittedAt : 0),
  });
  const lastStaleWrite = Math.max(0, ...staleWrites);

  const reload = async () => {
    setReloadedAt(Date.now());
    setIsReloading(true);
    try {
      await query.refetch();
    } finally {
      setIsReloading(false);
    }
  };

  const editor: TemplateEditor = {
    config,
    version,
    canEdit,
    canEditDefinition: canEdit && version.state === 'DRAFT',
    roleBlock: (action) => (canEdit ? undefined : roleReason('editor', action)),
    save: (changes, messages) =>
      toastPromise(update.mutateAsync({ ...changes, updatedAt: version.updatedAt }), messages),
    isSaving: update.isPending,
    reload,
    reloadStatus: isReloading ? 'loading' : query.isError ? 'error' : 'idle',
    loadError: query.error,
  };

  return (
    <TemplateEditorProvider value={editor}>
      <div>
        <BackLink config={config} />
        <TemplateHeader renderSendAction={renderSendAction} />
        {lastStaleWrite > reloadedAt && (
          <StatusMessage tone="error" title={staleTemplateMessage} className="mb-6">
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void reload()}>
              Reload
            </Button>
          </StatusMessage>
        )}
        <VersionNotices />
        <TemplateTabs />
        {children}
      </div>
    </TemplateEditorProvider>
  );
}

function VersionNotices() {
  const { config, version, canEdit } = useTemplateEditor();
  const newest = version.versions[0];
  const isNewest = !newest || newest.versionId === version.versionId;
  const stillEditable =
    config.kind === 'survey' ? 'settings, reminders and alerts stay editable' : 'settings stay editable';
  return (
    <>
      {!isNewest && newest && (
        <StatusMessage className="mb-4" title={`You are viewing version ${version.versionNumber}`}>
          <p>
            The newest is version {newest.versionNumber}.{' '}
            <Link
              to={templatePath(config.kind, newest.versionId, 'properties')}
              className="font-semibold underline hover:no-underline"
            >
              Open version {newest.versionNumber}
            </Link>
          </p>
        </StatusMessage>
      )}
      {canEdit && version.state !== 'DRAFT' && (
        <StatusMessage className="mb-6" title="This version is read-only">
          It is {version.state === 'PUBLISHED' ? 'published' : 'unpublished'}: its properties, questions and
          texts can no longer change, while {stillEditable}. Use Edit to make a new draft.
        </StatusMessage>
      )}
      {!canEdit && (
        <p className="mb-6 text-sm text-gray-600">
          {config.kind === 'base'
            ? 'Only editors and admins of the provider workspace can change base templates.'
            : 'Only workspace editors and admins can change templates.'}
        </p>
      )}
    </>
  );
}

function TemplateTabs() {
  const { config, version } = useTemplateEditor();
  const location = useLocation();
  const base = templatePath(config.kind, version.versionId);
  const current = location.pathname.slice(base.length).split('/')[1] || 'properties';
  return (
    <nav aria-label="Template sections" className="mb-6 relative overflow-x-auto border-b border-gray-200">
      <ul className="-mb-px flex gap-6">
        {templateTabs[config.kind].map((tab) => {
          const isActive = tab.path === current;
          return (
            <li key={tab.path}>
              <Link
                to={`${base}/${tab.path}`}
                aria-current={isActive ? 'page' : undefined}
                className={clsx(
                  'inline-block border-b-2 px-1 pb-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-600',
                  isActive
                    ? 'border-indigo-600 text-indigo-700'
                    : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
