/** The service filters lists with Sieve: `field==value` terms joined by commas. */

/** A value inside a Sieve filter: commas are escaped so that they cannot start a new term. */
export function sieveValue(value: string): string {
	return value.replace(/,/g, '\\,');
}
