import clsx from 'clsx';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { DisabledReason } from './disabled-reason';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
type Size = 'sm' | 'md' | 'lg';

const variantClasses: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-indigo-600',
  secondary:
    'bg-white text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 hover:bg-gray-50 focus-visible:outline-indigo-600',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-indigo-600',
};

const sizeClasses: Record<Size, string> = {
  sm: 'gap-1.5 px-2.5 py-1.5 text-sm',
  md: 'gap-2 px-3.5 py-2 text-sm',
  lg: 'gap-2 px-4 py-2.5 text-base',
};

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: {
  variant?: Variant;
  size?: Size;
  fullWidth?: boolean;
  className?: string | undefined;
}) {
  return clsx(
    'inline-flex items-center justify-center rounded-md font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variantClasses[variant],
    sizeClasses[size],
    fullWidth && 'w-full',
    className,
  );
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: Variant;
  size?: Size;
  fullWidth?: boolean;
  /**
   * Why the button cannot act (a role too low, a step missing): it stays visible and focusable,
   * announces `aria-disabled`, ignores presses and shows the reason on hover and focus.
   */
  disabledReason?: string | undefined;
  /** With `disabledReason`: classes for the wrapper that holds the button and its reason. */
  wrapperClassName?: string | undefined;
};

export function Button({
  variant,
  size,
  fullWidth,
  className,
  type = 'button',
  disabledReason,
  wrapperClassName,
  ...props
}: ButtonProps) {
  if (disabledReason === undefined) {
    return (
      <button type={type} className={buttonClasses({ variant, size, fullWidth, className })} {...props} />
    );
  }
  const { onClick: _ignored, disabled: _alsoIgnored, ...rest } = props;
  return (
    <DisabledReason reason={disabledReason} className={wrapperClassName}>
      {(reasonId) => (
        <button
          type={type}
          {...rest}
          className={buttonClasses({
            variant,
            size,
            fullWidth,
            className: clsx('cursor-not-allowed opacity-60', className),
          })}
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
        />
      )}
    </DisabledReason>
  );
}

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: Variant; size?: Size; fullWidth?: boolean };

export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses({ variant, size, fullWidth, className: className as string | undefined })}
      {...props}
    />
  );
}
