/** Money, credits and days in the reader's language (billing, the member's usage cards). */
export const formatPrice = (amount: number, currency: string, language: string) => new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);

export const formatNumber = (n: number, language: string) => new Intl.NumberFormat(language).format(n);
/** Credits are whole numbers as screens show them (rounded down by the API, spec §9). */
export const formatCredits = formatNumber;

/** A `YYYY-MM-DD` day or an ISO moment as a date. */
export const formatDay = (value: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: value.length === 10 ? 'UTC' : undefined }).format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

/** An exclusive end day shown as the last day the entry is usable. */
export const lastDay = (exclusiveEnd: string) => new Date(Date.parse(`${exclusiveEnd}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
