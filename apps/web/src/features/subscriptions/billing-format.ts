import { maxQuantity, minQuantity } from '@resim/contracts';

// SPEC 9 gives the prices without a currency or a unit, so they are shown as numbers, at most to the cent.
const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

export const formatPrice = (value: number): string => numberFormat.format(value);

/** The price of `quantity` slots at `price` each, rounded to the cent so 3 × 1.8 reads 5.4. */
export const totalPrice = (price: number, quantity: number): number => Math.round(price * quantity * 100) / 100;

/** Why a quantity typed in cannot be asked for, or null when it can. */
export const quantityProblem = (value: number | string): string | null => {
  if (value === '') return 'Enter a number of slots';
  const quantity = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(quantity) || quantity < minQuantity || quantity > maxQuantity)
    return `The number of slots must be a whole number from ${minQuantity} to ${maxQuantity}`;
  return null;
};

/**
 * Lowering a plan below the slots its learners hold takes slots from them: the console asks first.
 * Raising it, or lowering it to what is still used, needs no question.
 */
export const lowersBelowUse = (quantity: number, current: number, used: number): boolean => quantity < current && quantity < used;

export const slotsLabel = (count: number): string => `${count} ${count === 1 ? 'slot' : 'slots'}`;
