import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { byName, simplifyField } from './fields';

/**
 * How much of a record a node returns. The plain node keeps Simplify (on: the compact record; off:
 * the record as SkySlope sends it). As an AI agent's tool (n8n's `@tool` variant) the node shows
 * Output instead, so that an agent is not flooded with 40 fields: Simplified, Raw, or Selected Fields
 * (the record's ID always among them), as n8n's guidelines ask of tools whose records have more
 * than ten fields.
 */
export function recordOutputFields(spec: { what: string; id: string; fields: string[] }): INodeProperties[] {
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
				{ name: 'Selected Fields', value: 'selected', description: `Only the fields picked, and ${spec.id}` },
				{ name: 'Simplified', value: 'simplified', description: 'The fields people use most, flat' },
			],
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			default: [],
			description: `The fields of each ${spec.what} the agent receives; ${spec.id} always comes too`,
			displayOptions: { show: { '@tool': [true], output: ['selected'] } },
			options: byName(spec.fields.filter((f) => f !== spec.id).map((f) => ({ name: f, value: f }))),
		},
	];
}

/** What the shaper reads: the node, and its parameters for the item. */
export interface OutputReader {
	node: INode;
	/** A parameter's value for the item, or `fallback` when the node has none. */
	get(name: string, fallback: unknown): unknown;
}

/** Turns a record into what the node returns, by Simplify (plain node) or Output (tool). */
export function outputShaper(read: OutputReader, simplify: (record: IDataObject) => IDataObject, id: string): (record: IDataObject) => IDataObject {
	const raw = (record: IDataObject) => record;
	const simplifyOn = () => read.get('simplify', true) !== false;
	if (!read.node.type.endsWith('Tool')) return simplifyOn() ? simplify : raw;
	const output = read.get('output', 'simplified');
	if (output === 'raw') return raw;
	if (output === 'selected') {
		const fields = (read.get('fields', []) as unknown[]).map(String);
		return (record) => {
			const picked: IDataObject = { [id]: record[id] };
			for (const field of fields) if (field in record) picked[field] = record[field];
			return picked;
		};
	}
	// Simplified; a tool saved before Output existed with Simplify off keeps the whole record.
	return simplifyOn() ? simplify : raw;
}
