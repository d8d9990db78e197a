import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

interface StyleProps {
  variant?: ButtonVariant;
  block?: boolean;
}

const classes = ({ variant = 'primary', block = false }: StyleProps, extra?: string) =>
  ['btn', `btn--${variant}`, block ? 'btn--block' : '', extra ?? ''].filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner, marks the button busy and ignores clicks; the label stays for screen readers. */
  loading?: boolean;
  children: ReactNode;
}

export function Button({ variant, block, loading = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={classes({ variant, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A router link that looks like a button (navigation stays a link for assistive tech). */
export function LinkButton({ variant, block, className, ...rest }: LinkProps & StyleProps) {
  return <Link {...rest} className={classes({ variant, block }, className)} />;
}
