import type { EraseRespondentInput, ErasureResult } from '@graphium/shared';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCan } from '@/features/auth/api/use-can';
import { EraseRespondentDialog } from './erase-respondent-dialog';

type EraseRespondentButtonProps = {
  target: Pick<EraseRespondentInput, 'surveyId' | 'contactId'>;
  who: string;
  onErased?: (result: ErasureResult) => void;
};

/** "Erase respondent" on the response and contact pages: admins only (others never see it). */
export function EraseRespondentButton({ target, who, onErased }: EraseRespondentButtonProps) {
  const isAdmin = useCan('admin');
  const [isOpen, setIsOpen] = useState(false);
  if (!isAdmin) return null;
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setIsOpen(true)}>
        <UserX className="size-4" aria-hidden="true" />
        Erase respondent
      </Button>
      <EraseRespondentDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        target={target}
        who={who}
        {...(onErased ? { onErased } : {})}
      />
    </>
  );
}
