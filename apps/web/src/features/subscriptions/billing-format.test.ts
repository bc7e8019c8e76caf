import { describe, expect, it } from 'vitest';
import { billingPeriod, formatPrice, formatPricePerPeriod, lowersBelowUse, quantityProblem, totalPrice } from './billing-format';

const usd = { currency: 'USD', interval: 'month', intervalCount: 1 } as const;

describe('billing figures', () => {
  it('shows the prices in their currency to the cent, and totals to the cent', () => {
    expect(formatPrice(1.8, usd)).toBe('$1.80');
    expect(formatPrice(4.5, usd)).toBe('$4.50');
    expect(formatPrice(totalPrice(4.5, 30), usd)).toBe('$135.00');
    expect(formatPrice(totalPrice(1.8, 3), usd)).toBe('$5.40');
    expect(formatPrice(totalPrice(1.8, 12), usd)).toBe('$21.60');
    expect(formatPrice(totalPrice(8.2, 999), usd)).toBe('$8,191.80');
    expect(formatPrice(totalPrice(1.8, 0), usd)).toBe('$0.00');
    expect(formatPrice(8.2, { currency: 'EUR' })).toBe('€8.20');
    expect(formatPrice(4.5, { currency: 'GBP' })).toBe('£4.50');
    expect(totalPrice(1.8, 0)).toBe(0);
  });

  it('never rounds a price away in a currency without cents, and names a currency the browser does not know', () => {
    expect(formatPrice(1.8, { currency: 'JPY' })).toBe('¥1.8');
    expect(formatPrice(1.8, { currency: 'QQQQ' })).toBe('QQQQ 1.80');
  });

  it('says the period a price pays for', () => {
    expect(billingPeriod(usd)).toBe('a month');
    expect(billingPeriod({ interval: 'year', intervalCount: 1 })).toBe('a year');
    expect(billingPeriod({ interval: 'week', intervalCount: 1 })).toBe('a week');
    expect(billingPeriod({ interval: 'month', intervalCount: 3 })).toBe('every 3 months');
    expect(formatPricePerPeriod(totalPrice(1.8, 12), usd)).toBe('$21.60 a month');
    expect(formatPricePerPeriod(totalPrice(4.5, 30), { currency: 'EUR', interval: 'year', intervalCount: 1 })).toBe('€135.00 a year');
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
