import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memoField, sameFieldProps } from './memo-fields';

describe('sameFieldProps', () => {
  it('is the same when every value is identical, functions aside', () => {
    const value = { all: [] };
    expect(sameFieldProps({ value, label: 'A', onChange: () => 1 }, { value, label: 'A', onChange: () => 2 })).toBe(true);
    expect(sameFieldProps({ value, label: 'A' }, { value: { all: [] }, label: 'A' })).toBe(false);
    expect(sameFieldProps({ label: 'A' }, { label: 'B' })).toBe(false);
    expect(sameFieldProps({ label: 'A' }, { label: 'A', readOnly: true })).toBe(false);
    expect(sameFieldProps({ label: 'A', hint: undefined }, { label: 'A', other: undefined })).toBe(false);
    expect(sameFieldProps<{ onAdd: (() => void) | null }>({ onAdd: null }, { onAdd: () => undefined })).toBe(false);
  });

  it('uses the comparison given for a prop', () => {
    const sameLength = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length;
    expect(sameFieldProps({ options: [1, 2] }, { options: [3, 4] }, { options: sameLength })).toBe(true);
    expect(sameFieldProps({ options: [1, 2] }, { options: [3] }, { options: sameLength })).toBe(false);
  });
});

describe('memoField', () => {
  const Counter = (props: { label: string; onPress: (label: string) => void; renders: () => void }) => {
    props.renders();
    return (
      <button type="button" onClick={() => props.onPress(props.label)}>
        {props.label}
      </button>
    );
  };
  const Field = memoField(Counter);

  it('renders again only when a value changes, and calls the latest handler given', () => {
    const renders = vi.fn();
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(<Field label="Ferritin" onPress={first} renders={renders} />);
    rerender(<Field label="Ferritin" onPress={latest} renders={renders} />);
    expect(renders).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Ferritin' }));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith('Ferritin');
    rerender(<Field label="Troponin" onPress={latest} renders={renders} />);
    expect(renders).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Troponin' })).toBeTruthy();
  });
});
