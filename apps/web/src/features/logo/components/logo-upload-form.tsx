import { findLogoFileError, logoAcceptAttribute, logoUploadFailedMessage } from '@graphium/shared';
import clsx from 'clsx';
import { Upload } from 'lucide-react';
import { type ChangeEvent, type DragEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { formatFileSize } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useUploadLogo } from '../api/upload-logo';

const logoFileHint = 'PNG, JPG, JPEG, SVG, GIF or WEBP, up to 2 MB.';

function usePreview(file: File | undefined): string | undefined {
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    setPreview(undefined);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : undefined);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview;
}

/** Choose or drop a file, see it, then Save or Cancel (docs/product-rules.md#logo-and-api-keys). */
export function LogoUploadForm() {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const uploadLogo = useUploadLogo();
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [isDragging, setIsDragging] = useState(false);
  const preview = usePreview(file);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    // docs/product-rules.md#logo-and-api-keys, checked before anything is sent; the server checks the bytes
    // again.
    const problem = findLogoFileError(chosen);
    if (problem) {
      setFile(undefined);
      setError(problem);
      toast.error(problem);
      return;
    }
    setError(undefined);
    setFile(chosen);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    choose(event.target.files?.[0]);
    // Choosing the same file again after Cancel must fire a change too.
    event.target.value = '';
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const cancel = () => {
    setFile(undefined);
    setError(undefined);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(undefined);
    try {
      await toastPromise(uploadLogo.mutateAsync(file), {
        pending: 'Uploading logo...',
        success: 'Logo uploaded successfully!',
        error: logoUploadFailedMessage,
      });
    } catch (failure) {
      setError(getErrorMessage(failure, logoUploadFailedMessage));
      return;
    }
    setFile(undefined);
  };

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-4" noValidate>
      <label
        htmlFor={inputId}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={clsx(
          'flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-indigo-600',
          isDragging ? 'border-indigo-500 bg-indigo-50' : 'border-gray-300 bg-white hover:border-gray-400',
        )}
      >
        <Upload className="size-8 text-gray-500" aria-hidden="true" />
        <span className="mt-3 text-sm font-semibold text-indigo-700">Choose a file</span>
        <span className="text-sm text-gray-700">or drag and drop it here</span>
        <span id={hintId} className="mt-1 text-xs text-gray-600">
          {logoFileHint}
        </span>
        <input
          id={inputId}
          type="file"
          accept={logoAcceptAttribute}
          aria-label="Choose a logo file"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          onChange={onInputChange}
        />
      </label>

      {error && (
        <div id={errorId}>
          <StatusMessage tone="error">{error}</StatusMessage>
        </div>
      )}

      {file && (
        <figure className="flex items-center gap-4 rounded-lg border border-gray-200 bg-white p-4">
          <div className="flex size-24 shrink-0 items-center justify-center rounded-md bg-gray-50 ring-1 ring-gray-200">
            {preview && (
              <img
                src={preview}
                alt={`Preview of ${file.name}`}
                className="max-h-20 max-w-20 object-contain"
              />
            )}
          </div>
          <figcaption className="min-w-0 text-sm">
            <span className="block truncate font-medium text-gray-900">{file.name}</span>
            <span className="text-gray-600">{formatFileSize(file.size)} · not saved yet</span>
          </figcaption>
        </figure>
      )}

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={cancel} disabled={(!file && !error) || uploadLogo.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!file || uploadLogo.isPending}>
          {uploadLogo.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
