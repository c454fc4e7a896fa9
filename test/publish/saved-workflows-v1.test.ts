/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Workflows saved with version 1 of each node (test/fixtures/workflows-v1/) must keep loading and
// running: every saved parameter still exists and is shown for the saved resource and operation,
// its value is still one the node offers, nothing newly required is missing (n8n's own parameter
// issues), and the nodes that need no input run against the sandbox. A parameter change that breaks
// this adds a node version instead (CONTRIBUTING.md, "Node versions").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	NodeParameterValueType,
} from 'n8n-workflow';
import { cronNodeOptions, NodeHelpers } from 'n8n-workflow';

import { SkySlopeApi } from '../../credentials/SkySlopeApi.credentials';
import { SkySlopeFormsOAuth2Api } from '../../credentials/SkySlopeFormsOAuth2Api.credentials';
import { SkySlopeOffersOAuth2Api } from '../../credentials/SkySlopeOffersOAuth2Api.credentials';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';
import { startSandbox, type SandboxServer } from '../../sandbox';
import type { ServiceName } from '../../sandbox/core/context';
import type { FormsServiceState } from '../../sandbox/forms';
import { formsCredential } from '../../harness/forms-env';
import { runNode, type CredentialClass } from '../../harness/node';
import { demoCredentials } from '../../sandbox/listings';
import { offersCredentials } from '../offers/setup';

const PREFIX = 'n8n-nodes-skyslope.';
const NODE_CLASSES: Array<new () => INodeType> = [
	SkySlope,
	SkySlopeSigningTrigger,
	SkySlope,
	SkySlopeTrigger,
	SkySlope,
	SkySlopeTrigger,
];
const NODES = new Map(NODE_CLASSES.map((C) => [`${PREFIX}${new C().description.name}`, C]));
const descriptionOf = (type: string) => new (NODES.get(type) as new () => INodeType)().description;
const isTrigger = (node: { type: string }) => descriptionOf(node.type).group.includes('trigger');

interface SavedNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
	credentials?: Record<string, { id: string; name: string }>;
}

const FOLDER = path.join(__dirname, '../fixtures/workflows-v1');
const saved = readdirSync(FOLDER)
	.filter((file) => file.endsWith('.json'))
	.flatMap((file) => {
		const workflow = JSON.parse(readFileSync(path.join(FOLDER, file), 'utf8')) as { nodes: SavedNode[] };
		return workflow.nodes.filter((n) => n.type.startsWith(PREFIX)).map((node) => ({ file, node }));
	});

/** The node's properties as n8n loads them: a polling trigger also gets n8n's Poll Times. */
function loadedProperties(description: INodeTypeDescription): INodeProperties[] {
	if (!description.polling) return description.properties;
	const pollTimes: INodeProperties = {
		displayName: 'Poll Times',
		name: 'pollTimes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: { item: [{ mode: 'everyMinute' }] },
		options: cronNodeOptions,
	};
	return [pollTimes, ...description.properties];
}

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');

const offeredValues = (property: INodeProperties) =>
	((property.options ?? []) as INodePropertyOptions[]).map((option) => option.value);

/** What is wrong with a saved value for a property, at `where` (empty when it is valid). */
function problemsOf(property: INodeProperties, value: NodeParameterValueType, where: string): string[] {
	if (isExpression(value)) return [];
	const dynamic = Boolean(property.typeOptions?.loadOptionsMethod || property.typeOptions?.loadOptionsDependsOn);
	switch (property.type) {
		case 'options':
			return dynamic || offeredValues(property).includes(value as string) ? [] : [`${where}: "${String(value)}" is not offered`];
		case 'multiOptions':
			if (!Array.isArray(value)) return [`${where}: a list was saved as ${typeof value}`];
			return dynamic ? [] : value.filter((v) => !offeredValues(property).includes(v as string)).map((v) => `${where}: "${String(v)}" is not offered`);
		case 'boolean':
			return typeof value === 'boolean' ? [] : [`${where}: not a boolean`];
		case 'number':
			return typeof value === 'number' ? [] : [`${where}: not a number`];
		case 'string':
		case 'dateTime':
			return typeof value === 'string' ? [] : [`${where}: not a string`];
		case 'resourceLocator': {
			const locator = value as IDataObject;
			const modes = (property.modes ?? []).map((m) => m.name);
			if (locator?.__rl !== true) return [`${where}: not a resource locator value`];
			return modes.includes(locator.mode as string) ? [] : [`${where}: mode "${String(locator.mode)}" is not offered (${modes.join(', ')})`];
		}
		case 'resourceMapper': {
			const mapper = value as IDataObject;
			return ['defineBelow', 'autoMapInputData'].includes(mapper?.mappingMode as string) ? [] : [`${where}: not a resource mapper value`];
		}
		case 'collection': {
			const options = (property.options ?? []) as INodeProperties[];
			return Object.entries((value ?? {}) as INodeParameters).flatMap(([key, inner]) => {
				const option = options.find((o) => o.name === key);
				return option ? problemsOf(option, inner, `${where}.${key}`) : [`${where}.${key}: no such option`];
			});
		}
		case 'fixedCollection': {
			const groups = (property.options ?? []) as INodePropertyCollection[];
			return Object.entries((value ?? {}) as INodeParameters).flatMap(([key, entries]) => {
				const group = groups.find((g) => g.name === key);
				if (!group) return [`${where}.${key}: no such group`];
				const list = property.typeOptions?.multipleValues ? (entries as INodeParameters[]) : [entries as INodeParameters];
				if (!Array.isArray(list)) return [`${where}.${key}: a list of entries was expected`];
				return list.flatMap((entry, index) =>
					Object.entries(entry).flatMap(([field, inner]) => {
						const fieldProperty = group.values.find((v) => v.name === field);
						const at = `${where}.${key}[${index}].${field}`;
						if (!fieldProperty) return [`${at}: no such field`];
						// A field hidden for this entry's other values (e.g. Poll Times' hour in "every minute").
						if (!NodeHelpers.displayParameter(entry, fieldProperty, null, null)) return [`${at}: not shown for this entry`];
						return problemsOf(fieldProperty, inner, at);
					}),
				);
			});
		}
		default:
			return [];
	}
}

/** What a node version makes of a saved node's parameters: a list of problems, empty when all is well. */
function checkSavedNode(node: SavedNode): string[] {
	const NodeClass = NODES.get(node.type);
	if (!NodeClass) return [`unknown node type ${node.type}`];
	const description = new NodeClass().description;
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	if (!versions.includes(node.typeVersion)) return [`${node.type} no longer has version ${node.typeVersion}`];
	const properties = loadedProperties(description);
	const asLoaded = { typeVersion: node.typeVersion };
	// The values n8n works with: what was saved, and the defaults of everything that was not.
	const full = NodeHelpers.getNodeParameters(properties, node.parameters, true, false, asLoaded, description) ?? {};
	const problems = Object.entries(node.parameters).flatMap(([key, value]) => {
		const shown = properties.filter((p) => p.name === key && NodeHelpers.displayParameter(full, p, asLoaded, description));
		if (shown.length === 0) {
			return [properties.some((p) => p.name === key) ? `${key}: not shown for these values` : `${key}: no such parameter`];
		}
		// Several properties may share a name (one per resource): the value must fit the one shown.
		return shown.length === 1 ? problemsOf(shown[0], value, key) : [];
	});
	const asINode: INode = { id: node.name, name: node.name, type: node.type, typeVersion: node.typeVersion, position: [0, 0], parameters: full };
	const issues = NodeHelpers.getNodeParametersIssues(properties, asINode, description);
	if (issues) problems.push(...NodeHelpers.nodeIssuesToString(issues, asINode));
	return problems;
}

describe('workflows saved with version 1', () => {
	it('cover every node of the package, each saved at version 1', () => {
		expect([...new Set(saved.map(({ node }) => node.type))].sort()).toEqual([...NODES.keys()].sort());
		for (const { node } of saved) expect(`${node.name} v${node.typeVersion}`).toBe(`${node.name} v1`);
	});

	it.each(saved.map(({ file, node }) => [`${file}: ${node.name}`, node]))('%s still loads: every parameter exists, is shown and valid', (_label, node) => {
		expect(checkSavedNode(node as SavedNode)).toEqual([]);
	});

	describe('the check itself', () => {
		const base = saved.find(({ node }) => node.type === `${PREFIX}skySlope` && node.parameters.resource === 'listing' && node.parameters.operation === 'getAll')!.node;
		const changed = (parameters: INodeParameters): SavedNode => ({ ...base, parameters: { ...base.parameters, ...parameters } });

		it('refuses an operation the resource does not offer', () => {
			expect(checkSavedNode(changed({ operation: 'getEverything' }))).toContainEqual(expect.stringMatching(/^operation: "getEverything" is not offered/));
		});

		it('refuses a parameter that no longer exists, or that the saved operation does not show', () => {
			expect(checkSavedNode(changed({ pageToken: 'x' }))).toContain('pageToken: no such parameter');
			expect(checkSavedNode(changed({ formFor: 'create' }))).toContain('formFor: not shown for these values');
		});

		it('refuses an option that no longer exists inside a collection', () => {
			expect(checkSavedNode(changed({ filters: { mlsNumber: 'ML1' } }))).toContain('filters.mlsNumber: no such option');
		});

		it('refuses a saved node that lacks a parameter the node now requires (n8n\'s own parameter issues)', () => {
			const form = saved.find(({ node }) => node.parameters.operation === 'getForm')!.node;
			const withoutSale = { ...form.parameters };
			delete withoutSale.saleGuid;
			expect(checkSavedNode({ ...form, parameters: withoutSale })).not.toEqual([]);
		});

		it('refuses a saved version the node no longer has', () => {
			expect(checkSavedNode({ ...base, typeVersion: 7 })).toEqual([`${base.type} no longer has version 7`]);
		});
	});

	describe('run against the sandbox', () => {
		let sandbox: SandboxServer;
		beforeAll(async () => {
			sandbox = await startSandbox({ port: 0 });
		});
		afterAll(async () => sandbox.close());

		function credentialsFor(node: SavedNode): { credentialTypes: CredentialClass[]; credentials: Record<string, ICredentialDataDecryptedObject> } {
			const type = Object.keys(node.credentials ?? {})[0];
			if (type === 'skySlopeApi') {
				return {
					credentialTypes: [SkySlopeApi],
					credentials: { skySlopeApi: demoCredentials(sandbox.baseUrl) },
				};
			}
			if (type === 'skySlopeOffersOAuth2Api') {
				return {
					credentialTypes: [SkySlopeOffersOAuth2Api],
					credentials: offersCredentials(sandbox, { trailingSlash: false }),
				};
			}
			const forms = sandbox.service<FormsServiceState>('forms').state;
			return { credentialTypes: [SkySlopeFormsOAuth2Api], credentials: { skySlopeFormsOAuth2Api: formsCredential(sandbox, forms) } };
		}

		// Action nodes whose parameters read no other node's output run as saved (expressions included).
		const standalone = saved.filter(
			({ node }) => !isTrigger(node) && !/\$json|\$\(/.test(JSON.stringify(node.parameters)),
		);

		it('there is a standalone node of each service to run', () => {
			expect([...new Set(standalone.map(({ node }) => `${node.type} ${Object.keys(node.credentials ?? {}).join()}`))].sort()).toEqual(
				[`${PREFIX}skySlope skySlopeApi`, `${PREFIX}skySlope skySlopeFormsOAuth2Api`, `${PREFIX}skySlope skySlopeOffersOAuth2Api`].sort(),
			);
		});

		it.each(standalone.map(({ file, node }) => [`${file}: ${node.name}`, node]))('%s runs as saved and returns records', async (_label, saved) => {
			const node = saved as SavedNode;
			const services: Record<string, ServiceName> = { skySlopeApi: 'listings', skySlopeOffersOAuth2Api: 'offers', skySlopeFormsOAuth2Api: 'forms' };
			const service = services[Object.keys(node.credentials ?? {})[0]];
			const answeredBefore = sandbox.requests(service).filter((r) => r.status === 200).length;
			const { output, error } = await runNode({
				node: NODES.get(node.type)!,
				typeVersion: node.typeVersion,
				parameters: node.parameters,
				...credentialsFor(node),
			});
			expect(error).toBeUndefined();
			const items = output[0] ?? [];
			expect(items.length).toBeGreaterThan(0);
			const limit = node.parameters.returnAll === false ? Number(node.parameters.limit) : Infinity;
			expect(items.length).toBeLessThanOrEqual(limit);
			for (const item of items) expect(Object.keys(item.json).length).toBeGreaterThan(0);
			expect(sandbox.requests(service).filter((r) => r.status === 200).length).toBeGreaterThan(answeredBefore);
		});
	});
});
