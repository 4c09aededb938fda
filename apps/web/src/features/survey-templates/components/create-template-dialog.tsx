import { ArrowLeft, FilePlus2, LayoutTemplate } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { TemplateKind, TemplateVersion } from '../api/template-kind';
import { TemplateNameForm } from './template-name-form';

type Step = 'selection' | 'fromScratch' | 'fromPredefined';

type CreateTemplateDialogProps = {
  kind: TemplateKind;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreated: (version: TemplateVersion) => void;
};

/**
 * Create Template (docs/product-rules.md#survey-templates-and-versions): survey templates start with the
 * choice between from scratch
 * and a predefined template; base templates ('Create New Base Template') take a name and description.
 */
export function CreateTemplateDialog({ kind, isOpen, onOpenChange, onCreated }: CreateTemplateDialogProps) {
  const [step, setStep] = useState<Step>('selection');
  // Every opening starts at the choice.
  useEffect(() => {
    if (isOpen) setStep(kind === 'base' ? 'fromScratch' : 'selection');
  }, [isOpen, kind]);

  const created = (version: TemplateVersion) => {
    onOpenChange(false);
    onCreated(version);
  };
  const cancel = (
    <Button variant="secondary" onClick={() => onOpenChange(false)}>
      Cancel
    </Button>
  );
  const back = (
    <Button variant="secondary" onClick={() => setStep('selection')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back
    </Button>
  );

  if (kind === 'base') {
    return (
      <Modal
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        title="Create New Base Template"
        description="Workspaces start their own templates from published base templates."
      >
        <TemplateNameForm
          key={String(isOpen)}
          kind="base"
          submitLabel="Create Base Template"
          secondaryAction={cancel}
          onCreated={created}
        />
      </Modal>
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size={step === 'fromPredefined' ? 'large' : 'medium'}
      title="Create Template"
      description={
        step === 'selection'
          ? 'How would you like to start?'
          : step === 'fromScratch'
            ? 'Start with an empty template.'
            : 'Start from a predefined template with its questions.'
      }
    >
      {step === 'selection' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceButton
            title="Create from scratch"
            description="An empty template: add your own properties and questions."
            icon={<FilePlus2 className="size-6 text-indigo-600" aria-hidden="true" />}
            onClick={() => setStep('fromScratch')}
          />
          <ChoiceButton
            title="Use a predefined template"
            description="Start from a base template, its questions ready to use."
            icon={<LayoutTemplate className="size-6 text-indigo-600" aria-hidden="true" />}
            onClick={() => setStep('fromPredefined')}
          />
        </div>
      )}
      {step === 'fromScratch' && (
        <TemplateNameForm
          kind="survey"
          submitLabel="Create Template"
          secondaryAction={back}
          onCreated={created}
        />
      )}
      {step === 'fromPredefined' && (
        <TemplateNameForm
          kind="survey"
          isPredefined
          nameLabel="New Template Name"
          submitLabel="Create Template"
          secondaryAction={back}
          onCreated={created}
        />
      )}
    </Modal>
  );
}

type ChoiceButtonProps = { title: string; description: string; icon: ReactNode; onClick: () => void };

function ChoiceButton({ title, description, icon, onClick }: ChoiceButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex flex-col items-start gap-2 rounded-lg p-5 text-left ring-1 ring-gray-300 hover:bg-indigo-50 hover:ring-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {icon}
      <span className="font-semibold text-gray-900">{title}</span>
      <span className="text-sm text-gray-600">{description}</span>
    </button>
  );
}
