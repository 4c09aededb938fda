import { publishBeforeSendingMessage, type SentSurvey } from '@graphium/shared';
import clsx from 'clsx';
import { Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useRoleReason } from '@/features/auth/api/use-can';
import { BulkSendPanel } from './bulk-send-panel';
import { DeliveryStatus } from './delivery-status';
import { SegmentSendPanel } from './segment-send-panel';
import type { SendSurveyProperty } from './send-survey-form';
import { SingleSendForm } from './single-send-form';

export type SendSurveyButtonProps = {
  versionId: string;
  templateName: string;
  /** Surveys go out from a published version only (docs/product-rules.md#sending-surveys). */
  isPublished: boolean;
  properties: readonly SendSurveyProperty[];
};

type Tab = 'single' | 'bulk' | 'segment';
const tabs: { id: Tab; label: string }[] = [
  { id: 'single', label: 'One recipient' },
  { id: 'bulk', label: 'Send to many (CSV)' },
  { id: 'segment', label: 'Send to a segment' },
];

/** The template header's Send Survey button and its dialog (docs/product-rules.md#sending-surveys). */
export function SendSurveyButton({
  versionId,
  templateName,
  isPublished,
  properties,
}: SendSurveyButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  // A viewer cannot send at all; an editor once the version is published.
  const disabledReason =
    useRoleReason('editor', 'send surveys') ?? (isPublished ? undefined : publishBeforeSendingMessage);
  // The spec's /send-new-survey route lands here asking for the dialog.
  const location = useLocation();
  const isRequested = (location.state as { openSendSurvey?: boolean } | null)?.openSendSurvey === true;
  useEffect(() => {
    if (isRequested && disabledReason === undefined) setIsOpen(true);
  }, [isRequested, disabledReason]);
  if (disabledReason !== undefined) {
    return (
      <Button variant="secondary" disabledReason={disabledReason}>
        <Send className="size-4" aria-hidden="true" />
        Send Survey
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        <Send className="size-4" aria-hidden="true" />
        Send Survey
      </Button>
      <Modal
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title="Send Survey"
        description={templateName}
        size="large"
      >
        {/* Radix unmounts the content once closed: each opening starts with an empty form. */}
        <SendSurveyDialogBody
          versionId={versionId}
          properties={properties}
          onClose={() => setIsOpen(false)}
        />
      </Modal>
    </>
  );
}

type BodyProps = { versionId: string; properties: readonly SendSurveyProperty[]; onClose: () => void };

function SendSurveyDialogBody({ versionId, properties, onClose }: BodyProps) {
  const [tab, setTab] = useState<Tab>('single');
  const [sent, setSent] = useState<SentSurvey>();
  const [formKey, setFormKey] = useState(0);
  const id = useId();

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : tabs.length - 1;
    const next = tabs[(tabs.findIndex((item) => item.id === tab) + step) % tabs.length]!.id;
    setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <div className="space-y-6">
      <div role="tablist" aria-label="How to send" className="flex gap-6 border-b border-gray-200">
        {tabs.map((item) => {
          const isActive = item.id === tab;
          return (
            <button
              key={item.id}
              id={`${id}-tab-${item.id}`}
              type="button"
              role="tab"
              aria-selected={isActive}
              aria-controls={`${id}-panel-${item.id}`}
              tabIndex={isActive ? 0 : -1}
              onClick={() => setTab(item.id)}
              onKeyDown={moveFocus}
              className={clsx(
                '-mb-px border-b-2 px-1 pb-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-600',
                isActive
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {/* Both panels stay mounted: switching tabs keeps a half-filled form or a running send. */}
      <div
        role="tabpanel"
        id={`${id}-panel-single`}
        aria-labelledby={`${id}-tab-single`}
        hidden={tab !== 'single'}
      >
        {sent ? (
          <DeliveryStatus
            survey={sent}
            onClose={onClose}
            onSendAnother={() => {
              setSent(undefined);
              setFormKey((key) => key + 1);
            }}
          />
        ) : (
          <SingleSendForm
            key={formKey}
            versionId={versionId}
            properties={properties}
            onSent={setSent}
            onCancel={onClose}
          />
        )}
      </div>
      <div role="tabpanel" id={`${id}-panel-bulk`} aria-labelledby={`${id}-tab-bulk`} hidden={tab !== 'bulk'}>
        <BulkSendPanel
          versionId={versionId}
          propertyLabels={properties.map((property) => property.label)}
          onClose={onClose}
        />
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-segment`}
        aria-labelledby={`${id}-tab-segment`}
        hidden={tab !== 'segment'}
      >
        <SegmentSendPanel versionId={versionId} onClose={onClose} />
      </div>
    </div>
  );
}
