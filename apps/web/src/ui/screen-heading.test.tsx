import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { ScreenHeading } from './screen-heading';

const Screens = () => {
  const [step, setStep] = useState(1);
  return (
    <MantineProvider theme={theme} env="test">
      <ScreenHeading key={step}>{step === 1 ? 'Join a simulation' : 'Waiting room'}</ScreenHeading>
      <button onClick={() => setStep(2)}>Continue</button>
    </MantineProvider>
  );
};

describe('ScreenHeading', () => {
  it('takes the focus when its screen appears, so the change is announced', () => {
    render(<Screens />);
    expect(screen.getByRole('heading', { level: 1, name: 'Join a simulation' })).toBe(document.activeElement);
    screen.getByRole('button', { name: 'Continue' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Waiting room' })).toBe(document.activeElement);
  });
});
