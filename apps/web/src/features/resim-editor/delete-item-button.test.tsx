import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { DeleteItemButton } from './delete-item-button';

const renderButton = (label: string, onConfirm: () => void) => (
  <MantineProvider theme={theme} env="test">
    <DeleteItemButton label={label} buttonLabel="Delete test" message="It is also taken out of the answer key." onConfirm={onConfirm} />
  </MantineProvider>
);

describe('DeleteItemButton', () => {
  it('asks with the current name of the item, renamed while the question was closed, and deletes on confirmation', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(renderButton('Delete Ferritin', first));
    rerender(renderButton('Delete Ferritin (fasting)', latest));
    fireEvent.click(screen.getByRole('button', { name: 'Delete test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ferritin (fasting)' });
    expect(dialog.textContent).toContain('It is also taken out of the answer key.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete test' }).at(-1)!);
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });
});
