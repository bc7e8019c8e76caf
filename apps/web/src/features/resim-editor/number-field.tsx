import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

type NumberFieldProps = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (value: number | null) => void;
  /** whether an empty field means "none" (null); otherwise it keeps the last number */
  nullable?: boolean;
};

/**
 * A number of the scenario. What the author is typing ("-", "1.") stays in the field until it
 * reads as a number; only numbers (or null when allowed) reach the draft.
 */
export const NumberField = ({ value, onChange, nullable = false, ...props }: NumberFieldProps) => {
  const [typed, setTyped] = useState<string | number>(value ?? '');
  const [shown, setShown] = useState(value);
  // An undo or a reload changes the value from outside: show it.
  if (shown !== value) {
    setShown(value);
    setTyped(value ?? '');
  }
  return (
    <NumberInput
      {...props}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        if (typeof next === 'number' && Number.isFinite(next)) {
          setShown(next);
          onChange(next);
        } else if (next === '' && nullable) {
          setShown(null);
          onChange(null);
        }
      }}
    />
  );
};
