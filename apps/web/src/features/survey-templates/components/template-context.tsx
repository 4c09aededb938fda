import { createContext, useContext } from 'react';
import type { KindConfig, TemplateChanges, TemplateVersion } from '../api/template-kind';

export type SaveMessages = { pending: string; success: string; error: string };

export type TemplateEditor = {
  config: KindConfig;
  version: TemplateVersion;
  /** The role allows changes (editors and admins; base templates: the provider workspace). */
  canEdit: boolean;
  /**
   * Properties, questions and texts change only on a draft
   * (docs/product-rules.md#survey-templates-and-versions).
   */
  canEditDefinition: boolean;
  /**
   * Why the member's role cannot `action` ("add questions"), `undefined` when it can: the tabs
   * show their actions disabled with it (docs/decisions/016-roles-in-every-screen.md).
   */
  roleBlock: (action: string) => string | undefined;
  /** Saves changes over the version as last read; toasts the outcome and rejects on failure. */
  save: (changes: TemplateChanges, messages: SaveMessages) => Promise<TemplateVersion>;
  isSaving: boolean;
  /** Reads the version again (after a stale write); tabs show their loading text meanwhile. */
  reload: () => Promise<void>;
  reloadStatus: 'idle' | 'loading' | 'error';
  /** Why reading the version again failed, when `reloadStatus` is 'error'. */
  loadError: unknown;
};

const TemplateEditorContext = createContext<TemplateEditor | undefined>(undefined);

export const TemplateEditorProvider = TemplateEditorContext.Provider;

export function useTemplateEditor(): TemplateEditor {
  const editor = useContext(TemplateEditorContext);
  if (!editor) throw new Error('useTemplateEditor must be used inside a template detail page');
  return editor;
}
