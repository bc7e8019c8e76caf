import { describe, expect, it } from 'vitest';
import { formatPrice, lowersBelowUse, quantityProblem, totalPrice } from './billing-format';

describe('billing figures', () => {
  it('shows the prices as given, with no currency or unit, and totals to the cent', () => {
    expect(formatPrice(4.5)).toBe('4.5');
    expect(formatPrice(totalPrice(4.5, 30))).toBe('135');
    expect(formatPrice(totalPrice(1.8, 3))).toBe('5.4');
    expect(formatPrice(totalPrice(8.2, 999))).toBe('8,191.8');
    expect(totalPrice(1.8, 0)).toBe(0);
  });

  it('takes a whole number of slots from 0 to 999 and names the problem otherwise', () => {
    expect(quantityProblem(0)).toBeNull();
    expect(quantityProblem(999)).toBeNull();
    expect(quantityProblem('30')).toBeNull();
    expect(quantityProblem(1000)).toBe('The number of slots must be a whole number from 0 to 999');
    expect(quantityProblem(-1)).toBe('The number of slots must be a whole number from 0 to 999');
    expect(quantityProblem(2.5)).toBe('The number of slots must be a whole number from 0 to 999');
    expect(quantityProblem('')).toBe('Enter a number of slots');
  });

  it('asks before lowering a plan below the slots allocated, not before raising it or lowering it to what is used', () => {
    expect(lowersBelowUse(10, 30, 12)).toBe(true);
    expect(lowersBelowUse(12, 30, 12)).toBe(false);
    expect(lowersBelowUse(40, 30, 35)).toBe(false);
    expect(lowersBelowUse(0, 5, 1)).toBe(true);
  });
});
