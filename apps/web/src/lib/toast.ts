import { toast } from 'react-toastify';
import { getErrorMessage } from './api-client';

type ToastMessages<T> = {
  pending: string;
  success: string | ((data: T) => string);
  /**
   * The fallback "Failed to {action}." (docs/product-rules.md#texts-dates-and-errors), or a function choosing
   * the text.
   */
  error: string | ((error: unknown) => string);
};

/**
 * docs/product-rules.md#texts-dates-and-errors: every mutation shows a loading toast, then a success or an
 * error toast. The server's
 * message wins over the fallback text. The returned promise settles like the given one.
 */
export function toastPromise<T>(promise: Promise<T>, messages: ToastMessages<T>): Promise<T> {
  const { pending, success, error } = messages;
  return toast.promise<T, unknown>(promise, {
    pending,
    success: typeof success === 'string' ? success : { render: ({ data }) => success(data as T) },
    // An error stays until dismissed: it may say what to do next (docs/decisions/015).
    error: {
      render: ({ data }) => (typeof error === 'string' ? getErrorMessage(data, error) : error(data)),
      autoClose: false,
    },
  });
}
