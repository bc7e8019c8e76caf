import { MantineProvider, Select } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it("renders a list's options only while it is open", async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Select label="Currency" data={['EUR', 'GBP', 'USD']} />
      </MantineProvider>,
    );
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
    fireEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });
});
