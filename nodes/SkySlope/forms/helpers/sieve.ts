import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkEnum, checkString } from '../../shared';

/** The service filters and sorts lists with Sieve: `field==value` terms joined by commas. */

/** A value inside a Sieve filter: commas are escaped so that they cannot start a new term. */
export function sieveValue(value: string): string {
	return value.replace(/,/g, '\\,');
}

/** A field a list can be sorted on: its name in the editor and its Sieve name. */
export interface SieveSortField {
	name: string;
	value: string;
}

/**
 * The Sort collection of a list the service can sort, below Filters as n8n's own nodes place it:
 * a field and a direction, or a custom Sieve sort list for anything else (several fields).
 */
export function sieveSortField(fields: SieveSortField[], defaultField: string): INodeProperties {
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add Sort',
		default: {},
		options: [
			{
				displayName: 'Custom Sort',
				name: 'custom',
				type: 'string',
				default: '',
				placeholder: `e.g. -${defaultField},name`,
				description: 'A Sieve sort list (a leading minus sorts descending), used instead of Sort By and Direction',
			},
			{
				displayName: 'Direction',
				name: 'direction',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'desc',
			},
			{
				displayName: 'Sort By',
				name: 'field',
				type: 'options',
				options: [...fields].sort((a, b) => a.name.localeCompare(b.name)),
				default: defaultField,
			},
		],
	};
}

/** The `sorts` query of a Sort collection, or undefined for the service's own order. */
export function sieveSorts(
	ctx: IExecuteFunctions,
	i: number,
	sort: IDataObject,
	fields: SieveSortField[],
	defaultField: string,
): string | undefined {
	if (sort.custom) return checkString(ctx, 'Custom Sort', sort.custom, i).trim();
	if (!sort.field && !sort.direction) return undefined;
	const field = checkEnum(ctx, 'Sort By', sort.field ?? defaultField, fields.map((f) => f.value), i);
	const direction = checkEnum(ctx, 'Direction', sort.direction ?? 'desc', ['asc', 'desc'], i);
	return `${direction === 'asc' ? '' : '-'}${field}`;
}
