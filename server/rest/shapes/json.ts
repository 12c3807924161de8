// The two value formats of REST JSON. Instants need nothing: a Date becomes its ISO string in UTC
// when the response is serialised (Date.prototype.toJSON), exactly as the DateTime scalar sends it.

/** Rand as two-decimal text ("1350.00"), as the Money scalar sends it. */
export const money = (amount: { toFixed(digits: number): string }): string => amount.toFixed(2);
