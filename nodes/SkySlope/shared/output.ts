import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { byName, simplifyField } from './fields';
import { checkEnum } from './validate';

/**
 * How much of a record a node returns. The plain node keeps Simplify (on: the compact record; off:
 * the record as SkySlope sends it). As an AI agent's tool (n8n's `@tool` variant) the node shows
 * Output instead, so that an agent is not flooded with 40 fields: Simplified, Raw, or Selected Fields
 * (the record's ID always among them), as n8n's guidelines ask of tools whose records have more
 * than ten fields.
 */
export interface RecordOutput {
	/** `file`, `listing`: how the descriptions name a record. */
	what: string;
	/** The key of the record's ID, always returned. */
	id: string;
	/** The record's own top-level keys: what Selected Fields offers. */
	fields: string[];
	simplify: (record: IDataObject) => IDataObject;
}

const MODES = ['raw', 'selected', 'simplified'] as const;

/** `coListingAgentGuid` → `Co Listing Agent GUID`: a field's key as a title-case option name. */
function fieldTitle(key: string): string {
	const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ');
	const special: Record<string, string> = { id: 'ID', guid: 'GUID', guids: 'GUIDs', mls: 'MLS' };
	// One term per thing: the operations say "Co-Agents", so the field titles do too.
	return words
		.map((w) => special[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1))
		.join(' ')
		.replace(/\bCo (?=[A-Z])/g, 'Co-');
}

export function recordOutputFields(spec: Omit<RecordOutput, 'simplify'>): INodeProperties[] {
	return [
		{ ...simplifyField(), displayOptions: { hide: { '@tool': [true] } } },
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'simplified',
			description: `How much of each ${spec.what} the agent receives`,
			displayOptions: { show: { '@tool': [true] } },
			options: [
				{ name: 'Raw', value: 'raw', description: `The whole ${spec.what} as SkySlope sends it` },
				{ name: 'Selected Fields', value: 'selected', description: `Only the fields picked, and the ${spec.what}'s ID` },
				{ name: 'Simplified', value: 'simplified', description: 'The fields people use most, flat' },
			],
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			default: [],
			description: `The fields of each ${spec.what} the agent receives; its ID always comes too`,
			displayOptions: { show: { '@tool': [true], output: ['selected'] } },
			options: byName(spec.fields.filter((f) => f !== spec.id).map((f) => ({ name: fieldTitle(f), value: f }))),
		},
	];
}

/** What the shaper reads: the node, the item, and its parameters (`fallback` when the node has none). */
export interface OutputReader {
	ctx: Pick<IExecuteFunctions, 'getNode'>;
	itemIndex: number;
	get(name: string, fallback: unknown): unknown;
}

/**
 * Turns a record into what the node returns, by Simplify (plain node) or Output (tool). Output and
 * Fields are checked here, before any request, whichever variant runs.
 */
export function outputShaper(read: OutputReader, spec: RecordOutput): (record: IDataObject) => IDataObject {
	const raw = (record: IDataObject) => record;
	const output = checkEnum(read.ctx, 'Output', read.get('output', 'simplified'), MODES, read.itemIndex);
	const picked = read.get('fields', []);
	const fields = (Array.isArray(picked) ? picked : [picked]).map((f) =>
		checkEnum(read.ctx, 'Fields', f, spec.fields, read.itemIndex),
	);
	const simplifyOn = read.get('simplify', true) !== false;
	if (!read.ctx.getNode().type.endsWith('Tool')) return simplifyOn ? spec.simplify : raw;
	if (output === 'raw') return raw;
	if (output === 'selected') {
		return (record) => {
			const out: IDataObject = { [spec.id]: record[spec.id] };
			for (const field of fields) if (field in record) out[field] = record[field];
			return out;
		};
	}
	// Simplified; a tool saved before Output existed, with Simplify off, keeps the whole record.
	return simplifyOn ? spec.simplify : raw;
}
