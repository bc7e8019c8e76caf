import { maxQuantity, minQuantity, type BillingPricing } from '@resim/contracts';

/**
 * SPEC 9 fixes the prices' numbers but not what they are in: the server's answer says the currency
 * and period (Stripe's Prices, or BILLING_CURRENCY and BILLING_INTERVAL). A price reads in its
 * currency to the cent ("$1.80"); never rounded to fewer digits than it has, so 1.8 in a currency
 * without cents reads "¥1.8", not "¥2".
 */
const formats = new Map<string, (value: number) => string>();
const formatIn = (currency: string): ((value: number) => string) => {
  let format = formats.get(currency);
  if (!format) {
    try {
      const currencyFormat = new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 2 });
      format = (value) => currencyFormat.format(value);
    } catch {
      // A code this browser does not know (Stripe's list may be newer) still says what it is.
      const numberFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      format = (value) => `${currency} ${numberFormat.format(value)}`;
    }
    formats.set(currency, format);
  }
  return format;
};

/** An amount in the prices' currency: "$1.80", "€135.00". */
export const formatPrice = (value: number, { currency }: Pick<BillingPricing, 'currency'>): string => formatIn(currency)(value);

/** The period a price pays for: "a month", "a year", "every 3 months". */
export const billingPeriod = ({ interval, intervalCount }: Pick<BillingPricing, 'interval' | 'intervalCount'>): string =>
  intervalCount === 1 ? `a ${interval}` : `every ${intervalCount} ${interval}s`;

/** A price with its period: "$21.60 a month". */
export const formatPricePerPeriod = (value: number, pricing: BillingPricing): string =>
  `${formatPrice(value, pricing)} ${billingPeriod(pricing)}`;

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
