import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import { Spinner } from './Spinner';

/** How a button looks: one `primary` per screen (Payment, Checkout, a dialog's confirm). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'dangerOutline' | 'outline';

/** Button heights: every size is a touch target of at least 48 px. */
export type ButtonSize = 'md' | 'lg' | 'xl';

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  /** Waiting for the server: shows a spinner and disables the button, so a double tap submits once. */
  readonly loading?: boolean;
  /** An icon before the label. */
  readonly icon?: IconName;
  readonly children?: ReactNode;
}

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800 disabled:bg-brand-600/50 dark:disabled:bg-brand-600/40',
  secondary:
    'bg-white text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 active:bg-slate-100 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700',
  outline:
    'bg-transparent text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 dark:text-brand-200 dark:ring-brand-200 dark:hover:bg-slate-800',
  ghost:
    'bg-transparent text-slate-700 hover:bg-slate-200/70 active:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900 disabled:bg-red-700/50',
  /** A destructive step that asks first (Cancel Order): a button, not plain text, but not the dialog's main action. */
  dangerOutline:
    'bg-white text-red-700 shadow-sm ring-1 ring-red-400 hover:bg-red-50 active:bg-red-100 dark:bg-transparent dark:text-red-300 dark:ring-red-700 dark:hover:bg-red-950',
};

const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-12 px-4 text-base',
  lg: 'min-h-14 px-5 text-lg',
  xl: 'min-h-16 px-6 text-xl',
};

/**
 * The product's button: 48 px or taller, a visible focus ring, and a `loading` state that
 * disables it while the server answers.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'secondary',
    size = 'md',
    loading = false,
    icon,
    className = '',
    disabled,
    children,
    type,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex select-none items-center justify-center gap-2 rounded-xl font-semibold disabled:cursor-not-allowed disabled:opacity-70 ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...rest}
    >
      {loading ? <Spinner /> : icon ? <Icon name={icon} /> : null}
      {children}
    </button>
  );
});
