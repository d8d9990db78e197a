import type { Ref } from 'react';
import { TextField } from '@/components/text-field.tsx';

interface Props {
  value: string;
  error: string | undefined;
  /** A new value: the field's error is the caller's to clear. */
  onChange(value: string): void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The authenticator app's 6-digit code, as sign-in's second step and /security's set-up ask for
 * it: numeric keypad on phones, and `one-time-code` so the browser can offer a code it received.
 */
export function AuthenticationCodeField({ value, error, onChange, ref }: Props) {
  return (
    <TextField
      ref={ref}
      label="Authentication code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
