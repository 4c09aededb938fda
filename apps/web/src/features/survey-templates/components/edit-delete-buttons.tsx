import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

type EditDeleteButtonsProps = {
  /** What the buttons act on, for their accessible names ("Edit …", "Delete …"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  isEditDisabled?: boolean;
};

/** The icon buttons beside each property, reminder and alert. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
  isEditDisabled = false,
}: EditDeleteButtonsProps) {
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Edit ${name}`}
        onClick={onEdit}
        disabled={isEditDisabled}
      >
        <Pencil className="size-4" aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </>
  );
}
