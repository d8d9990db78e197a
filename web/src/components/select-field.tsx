import { useId } from 'react';

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly T[];
  /** How an option reads on screen; the value itself by default. */
  optionLabel?: (value: T) => string;
  onChange: (value: T) => void;
}

/** A labelled drop-down of a fixed list (subjects, levels…), styled like the text fields. */
export function SelectField<T extends string>({ label, value, options, optionLabel = (v) => v, onChange }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {/* The options are exactly `options`, so the chosen value is one of them. */}
      <select id={id} className="field__input" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
