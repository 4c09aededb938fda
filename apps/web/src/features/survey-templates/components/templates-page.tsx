import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText } from '@/components/ui/status-message';
import { roleReason } from '@/features/auth/api/use-can';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTemplates } from '../api/get-templates';
import { kindConfigs, type TemplateKind, templatePath } from '../api/template-kind';
import { CreateTemplateDialog } from './create-template-dialog';
import { SearchInput } from './search-input';
import { TemplatesTable } from './templates-table';

type TemplatesPageProps = {
  kind: TemplateKind;
  /** Editors and admins create templates; viewers only read them (the server enforces it too). */
  canEdit: boolean;
};

/**
 * The survey templates list or the base survey templates list
 * (docs/product-rules.md#survey-templates-and-versions).
 */
export function TemplatesPage({ kind, canEdit }: TemplatesPageProps) {
  const config = kindConfigs[kind];
  useDocumentTitle(config.texts.listTitle);
  const navigate = useNavigate();
  const templates = useTemplates(kind);
  const [search, setSearch] = useState('');
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  // Viewers see the action and why they cannot take it (docs/decisions/016-roles-in-every-screen.md).
  const disabledReason = canEdit ? undefined : roleReason('editor', `create ${config.texts.noun}s`);
  const createButton = (label: string) => (
    <Button onClick={() => setIsCreateOpen(true)} disabledReason={disabledReason}>
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <div>
      <PageHeader
        title={config.texts.listTitle}
        description={config.texts.listDescription}
        actions={createButton(config.texts.createButton)}
      />
      {templates.isPending ? (
        <LoadingText>{config.texts.loading}</LoadingText>
      ) : templates.isError ? (
        <LoadError
          title={`${config.texts.listError}: ${getErrorMessage(templates.error, 'Unknown error')}`}
          onRetry={() => void templates.refetch()}
        />
      ) : templates.data.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title={config.texts.empty}
          action={createButton(config.texts.emptyAction)}
        >
          {kind === 'base'
            ? 'Base templates give every workspace a ready-made start, with comparable questions.'
            : 'Build a survey from scratch or from a predefined template, then publish it and send it.'}
        </EmptyState>
      ) : (
        <>
          <div className="mb-4">
            <SearchInput
              label={`Search ${config.texts.noun}s`}
              placeholder={config.texts.searchPlaceholder}
              value={search}
              onChange={setSearch}
            />
          </div>
          <TemplatesTable config={config} templates={templates.data} search={search} />
        </>
      )}
      {canEdit && (
        <CreateTemplateDialog
          kind={kind}
          isOpen={isCreateOpen}
          onOpenChange={setIsCreateOpen}
          onCreated={(version) => navigate(templatePath(kind, version.versionId))}
        />
      )}
    </div>
  );
}
