import type { EraseRespondentInput, ErasureResult } from '@graphium/shared';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useRoleReason } from '@/features/auth/api/use-can';
import { EraseRespondentDialog } from './erase-respondent-dialog';

type EraseRespondentButtonProps = {
  target: Pick<EraseRespondentInput, 'surveyId' | 'contactId'>;
  who: string;
  onErased?: (result: ErasureResult) => void;
};

/** "Erase respondent" on the response and contact pages: admins only (others see why not). */
export function EraseRespondentButton({ target, who, onErased }: EraseRespondentButtonProps) {
  const roleBlock = useRoleReason('admin', 'erase respondents');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="danger" size="sm" disabledReason={roleBlock} onClick={() => setIsOpen(true)}>
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
