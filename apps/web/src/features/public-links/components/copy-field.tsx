import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { copyText } from '@/lib/copy-text';

/** A read-only value (a URL, a snippet) with a Copy button that says when it copied. */
export function CopyField({ label, value, rows }: { label: string; value: string; rows?: number }) {
  const id = useId();
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(value);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast.error('Could not copy. Select the text and copy it by hand.');
    }
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="mt-1.5 flex gap-2">
        {rows ? (
          <textarea
            id={id}
            readOnly
            rows={rows}
            value={value}
            className={`${inputClasses} font-mono text-xs`}
          />
        ) : (
          <input id={id} readOnly value={value} className={inputClasses} />
        )}
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start"
          onClick={() => void copy()}
          aria-label={`${isCopied ? 'Copied' : 'Copy'} ${label}`}
        >
          {isCopied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
