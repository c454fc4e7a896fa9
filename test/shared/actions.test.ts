// n8n's UX guidelines for actions (the line under each operation in the nodes panel): no articles
// ("Create file", not "Create a file"), sentence case, no trailing full stop. Operation names stay
// Title Case; descriptions may keep their articles.
import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';

const actions = (node: INodeType) =>
	node.description.properties
		.filter((p: INodeProperties) => p.name === 'operation' && p.type === 'options')
		.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => ({ node: node.description.displayName, operation: o.name, action: o.action ?? '' })));

const all = [new SkySlope(), new SkySlope(), new SkySlope()].flatMap(actions);

describe('actions', () => {
	it('every operation of the SkySlope node has one', () => {
		expect(all.length).toBeGreaterThan(100);
		expect(all.filter((a) => !a.action)).toEqual([]);
	});

	it('omit articles (a, an, the)', () => {
		expect(all.filter((a) => /\b(a|an|the)\b/i.test(a.action))).toEqual([]);
	});

	it('are sentence case, without a full stop', () => {
		const wrong = all.filter((a) => !/^[A-Z]/.test(a.action) || a.action.endsWith('.') || /\s[A-Z][a-z]+\b/.test(a.action.replace(/\b(PDF|MLS)\b/g, '')));
		expect(wrong).toEqual([]);
	});

	describe('the copy of every parameter, in all three nodes', () => {
		interface Field {
			name?: string;
			type?: string;
			placeholder?: unknown;
			description?: unknown;
			options?: unknown;
			values?: unknown;
		}
		const fields: Array<Field & { node: string }> = [];
		const walk = (value: unknown, node: string): void => {
			if (Array.isArray(value)) return value.forEach((v) => walk(v, node));
			if (!value || typeof value !== 'object') return;
			const field = value as Field;
			if (typeof field.type === 'string') fields.push({ ...field, node });
			walk(field.options, node);
			walk(field.values, node);
		};
		const nodes: INodeType[] = [
			new SkySlope(),
			new SkySlopeSigningTrigger(),
			new SkySlope(),
			new SkySlopeTrigger(),
			new SkySlope(),
			new SkySlopeTrigger(),
		];
		for (const node of nodes) walk(node.description.properties, node.description.displayName);

		it('placeholders of values start with "e.g." (a collection\'s "Add ..." button is not one)', () => {
			const placed = fields.filter((f) => typeof f.placeholder === 'string' && !['collection', 'fixedCollection'].includes(String(f.type)));
			expect(placed.length).toBeGreaterThan(30);
			expect(placed.filter((f) => !String(f.placeholder).startsWith('e.g.')).map((f) => `${f.node} ${f.name}: ${String(f.placeholder)}`)).toEqual([]);
		});

		it('booleans say "Whether ..."', () => {
			const booleans = fields.filter((f) => f.type === 'boolean');
			expect(booleans.length).toBeGreaterThan(10);
			expect(booleans.filter((f) => !String(f.description ?? '').startsWith('Whether')).map((f) => `${f.node} ${f.name}`)).toEqual([]);
		});
	});
});
