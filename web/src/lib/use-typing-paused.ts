import { useDebouncedValue } from './use-debounced-value.ts';

/** How long a field's value must rest before its error shows without leaving the field. */
export const TYPING_PAUSE_MS = 700;

/**
 * True once a non-empty value has stopped changing for a moment. A form whose Submit is
 * disabled shows a field's error then, not only on blur: reaching for a disabled button moves
 * no focus, so a blur-only error never said why the button would not work.
 */
export function useTypingPaused(value: string, delayMs: number = TYPING_PAUSE_MS): boolean {
  const settled = useDebouncedValue(value, delayMs);
  return value !== '' && settled === value;
}
