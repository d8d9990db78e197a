export interface SpinnerProps {
  /** What is loading; read out by screen readers, shown unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  /** Fills the viewport area under the header and centres itself. */
  page?: boolean;
}

export function Spinner({ label, hideLabel = false, page = false }: SpinnerProps) {
  return (
    <div className={page ? 'spinner spinner--page' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className={hideLabel ? 'visually-hidden' : 'spinner__label'}>{label}</span>
    </div>
  );
}
