import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { nextLocal, TextInput } from './form-fields';

describe('a text field of the draft', () => {
  it('keeps what is typed when the draft catches up with what it sent', () => {
    const typing = { typed: 'abc', seen: 'ab', pending: 'abc' };
    expect(nextLocal(typing, 'abc')).toEqual({ typed: 'abc', seen: 'abc', pending: null });
    expect(nextLocal(typing, 'ab')).toBe(typing);
  });

  it('shows the draft when it moves from elsewhere: undo, redo, a reload', () => {
    expect(nextLocal({ typed: 'abc', seen: 'abc', pending: null }, 'ab')).toEqual({ typed: 'ab', seen: 'ab', pending: null });
    expect(nextLocal({ typed: 'ab', seen: 'ab', pending: null }, 'abc')).toEqual({ typed: 'abc', seen: 'abc', pending: null });
  });

  it('shows each keystroke, reaches the draft, and follows an undo', () => {
    let undo = () => undefined as void;
    const Form = () => {
      const [draft, setDraft] = useState('Ferritin');
      undo = () => setDraft('Ferritin');
      return (
        <>
          <TextInput label="Name" value={draft} onChange={(event) => setDraft(event.currentTarget.value)} />
          <output>{draft}</output>
        </>
      );
    };
    render(
      <MantineProvider>
        <Form />
      </MantineProvider>,
    );
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    fireEvent.change(field, { target: { value: 'Ferritin level' } });
    expect(field.value).toBe('Ferritin level');
    expect(screen.getByRole('status').textContent).toBe('Ferritin level');
    act(() => undo());
    expect(field.value).toBe('Ferritin');
  });
});
