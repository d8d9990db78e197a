import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info';

export interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
}

/** A coloured message box. Errors are announced at once (role=alert), others politely (role=status). */
export function Alert({ tone = 'info', title, children }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="alert__title">{title}</p>}
      {children && <div className="alert__body">{children}</div>}
    </div>
  );
}

/**
 * A form's message region: always in the page (so screen readers notice when it fills),
 * role=alert, shows the message when there is one.
 */
export function FormMessage({ message, tone = 'error' }: { message: string | null | undefined; tone?: AlertTone }) {
  return (
    <div className="form-message" role="alert">
      {message && <div className={`alert alert--${tone}`}>{message}</div>}
    </div>
  );
}
