// Rules of n8n's newest community-node lint plugin that the 0.32.0 installable here lacks and that
// judge the node description itself, written again from each rule's documentation and applied to
// every node's description as n8n loads it (the builders' output, which the rules, reading the
// source, would not see whole). Each rule is also shown to fire on its documentation's bad example.
// The source-level rule single-credential-per-node: test/publish/single-credential-rule.test.ts.
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';

type Option = INodePropertyOptions | INodeProperties | INodePropertyCollection;

/** Every parameter of a description, nested ones (collection, fixedCollection) included, with where it is. */
function parameters(list: INodeProperties[], where = ''): Array<{ p: INodeProperties; where: string }> {
	return list.flatMap((p) => {
		const here = `${where}${p.name}`;
		const nested = (p.options ?? []).flatMap((o: Option) => {
			if ('type' in o && 'name' in o) return parameters([o as INodeProperties], `${here}.`);
			if ('values' in o) return parameters((o as INodePropertyCollection).values, `${here}.${o.name}.`);
			return [];
		});
		return [{ p, where: here }, ...nested];
	});
}

const plainOptions = (p: INodeProperties) => ((p.options ?? []) as Option[]).filter((o): o is INodePropertyOptions => 'value' in o);

/** The rules, each a function from a description to its findings. */
const RULES: Record<string, (d: Pick<INodeTypeDescription, 'properties'>) => string[]> = {
	// Options and multiOptions: each option's name and value unique within the parameter.
	'no-duplicate-param-options': (d) =>
		parameters(d.properties)
			.filter(({ p }) => p.type === 'options' || p.type === 'multiOptions')
			.flatMap(({ p, where }) => {
				const options = plainOptions(p);
				const dup = (keys: unknown[]) => keys.filter((k, i) => keys.indexOf(k) !== i);
				return [...dup(options.map((o) => o.name)).map((n) => `${where}: name "${n}" twice`), ...dup(options.map((o) => o.value)).map((v) => `${where}: value "${String(v)}" twice`)];
			}),
	// An option's name in any options array holds no asterisk.
	'no-asterisk-in-option-names': (d) =>
		parameters(d.properties).flatMap(({ p, where }) =>
			((p.options ?? []) as Option[]).filter((o) => typeof o.name === 'string' && o.name.includes('*')).map((o) => `${where}: "${o.name}"`),
		),
	// An options parameter's options sorted by name, case-insensitive and locale-aware.
	'options-sorted-alphabetically': (d) =>
		parameters(d.properties)
			.filter(({ p }) => p.type === 'options' && !p.typeOptions?.loadOptionsMethod)
			.flatMap(({ p, where }) => {
				const names = plainOptions(p).map((o) => o.name);
				const sorted = [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
				return names.every((n, i) => n === sorted[i]) ? [] : [`${where}: ${names.join(', ')}`];
			}),
	// Every parameter declares a default, notices too.
	'require-param-default': (d) => parameters(d.properties).filter(({ p }) => !('default' in p)).map(({ where }) => where),
	// A hint of at most 120 characters.
	'hint-max-length': (d) =>
		parameters(d.properties)
			.filter(({ p }) => typeof p.hint === 'string' && p.hint.length > 120)
			.map(({ p, where }) => `${where}: ${p.hint!.length} characters`),
};

const NODES: Array<[string, INodeTypeDescription]> = [
	['SkySlope', new SkySlope().description],
	['SkySlope Trigger', new SkySlopeTrigger().description],
	['SkySlope Signing Trigger', new SkySlopeSigningTrigger().description],
];

describe.each(Object.keys(RULES))('%s', (rule) => {
	it.each(NODES)('%s passes', (_name, description) => {
		expect(RULES[rule](description)).toEqual([]);
	});
});

it('each rule fires on its documentation\'s bad example', () => {
	const one = (p: Partial<INodeProperties>) => ({ properties: [{ displayName: 'X', name: 'x', type: 'options', default: 'a', ...p } as INodeProperties] });
	expect(RULES['no-duplicate-param-options'](one({ options: [{ name: 'Contact', value: 'contact' }, { name: 'Contact', value: 'person' }, { name: 'User', value: 'contact' }] }))).toHaveLength(2);
	expect(RULES['no-asterisk-in-option-names'](one({ options: [{ name: '* All', value: 'all' }] }))).toHaveLength(1);
	expect(RULES['options-sorted-alphabetically'](one({ options: [{ name: 'User', value: 'user' }, { name: 'Contact', value: 'contact' }] }))).toHaveLength(1);
	expect(RULES['require-param-default']({ properties: [{ displayName: 'Field', name: 'field', type: 'string' } as INodeProperties] })).toEqual(['field']);
	expect(RULES['hint-max-length'](one({ hint: 'x'.repeat(121), options: [] }))).toHaveLength(1);
});
