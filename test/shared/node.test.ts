// The node classes take their descriptions from the shared builders (nodes/SkySlope/shared/node.ts):
// one action node with every service's resources, each behind its credential; triggers named for
// SkySlope, never offering themselves as AI tools; a polling trigger's subtitle names every event it
// can be set to, and the action node's subtitle names the chosen operation and resource as the node
// shows them.
import { Workflow, type INode, type INodeType } from 'n8n-workflow';

import { services } from '../../nodes/SkySlope/actions';
import { LISTINGS_SALES_EVENTS } from '../../nodes/SkySlope/listingsSales/trigger';
import { OFFERS_EVENTS } from '../../nodes/SkySlope/offers/trigger';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';
import { defaultVersion, fullTypeName, HarnessNodeTypes } from '../../harness/node/node-types';

const node: INodeType = new SkySlope();

it('the action node is SkySlope, routes operations, is usable as a tool, and asks for the credential of the chosen service\'s resource', () => {
	const d = node.description;
	expect({ name: d.name, displayName: d.displayName, defaults: d.defaults, group: d.group, inputs: d.inputs, outputs: d.outputs, version: d.version }).toEqual({
		name: 'skySlope',
		displayName: 'SkySlope',
		defaults: { name: 'SkySlope' },
		group: ['transform'],
		inputs: ['main'],
		outputs: ['main'],
		version: 1,
	});
	// The credentials as written in the node file: each shown for its service's resources, exactly.
	expect(d.credentials).toEqual(
		services.map(({ service, resources }) => ({
			name: service.credentialType,
			required: true,
			displayOptions: { show: { resource: resources.map((r) => r.value) } },
		})),
	);
	expect(d.usableAsTool).toBe(true);
	expect(d.properties.map((p) => p.name).slice(0, 3)).toEqual(['service', 'resource', 'operation']);
	// The default is Forms, File: a first-time user sees the Forms credential.
	expect(d.properties[0].default).toBe('forms');
	expect(d.properties[1].default).toBe('file');
	expect(typeof node.execute).toBe('function');
});

it.each([
	['SkySlope Trigger', new SkySlopeTrigger(), 'skySlopeTrigger', ['skySlopeApi', 'skySlopeOffersOAuth2Api']],
	['SkySlope Signing Trigger', new SkySlopeSigningTrigger(), 'skySlopeSigningTrigger', ['skySlopeFormsOAuth2Api']],
])('%s is named for SkySlope, with its services\' credentials and the node\'s icons', (label, trigger, name, credentials) => {
	const d = trigger.description;
	expect({ name: d.name, displayName: d.displayName, defaults: d.defaults, group: d.group, inputs: d.inputs }).toEqual({
		name,
		displayName: label,
		defaults: { name: label },
		group: ['trigger'],
		inputs: [],
	});
	expect(d.credentials?.map((c) => c.name)).toEqual(credentials);
	// As written in the node file: each of the polling trigger's credentials shown for its service's
	// events, keyed by the root path `/event` (the node file and docs/VERIFICATION.md say why).
	if (name === 'skySlopeTrigger') {
		const sorted = (events: Array<{ value: string }>) => events.map((e) => e.value).sort();
		expect(d.credentials).toEqual([
			{ name: 'skySlopeApi', required: true, displayOptions: { show: { '/event': sorted(LISTINGS_SALES_EVENTS) } } },
			{ name: 'skySlopeOffersOAuth2Api', required: true, displayOptions: { show: { '/event': sorted(OFFERS_EVENTS) } } },
		]);
	}
	expect(d.icon).toEqual(node.description.icon);
	expect(d.usableAsTool).toBeUndefined();
	// A trigger either polls or listens on a webhook, never both.
	expect(!!d.polling).toBe(!d.webhooks);
});

it('the SkySlope Trigger subtitle names each event it offers, of listings, sales and offers', () => {
	const d = new SkySlopeTrigger().description;
	expect(d.polling).toBe(true);
	const event = d.properties.find((p) => p.name === 'event');
	const options = (event?.options ?? []) as Array<{ name: string; value: string }>;
	expect(options.map((o) => o.value).sort()).toEqual(['changedListing', 'changedSale', 'newAndUpdatedOffers', 'newListing', 'newOffers', 'newSale', 'statusChanged']);
	expect(options.map((o) => o.value)).toContain(event?.default);
	for (const { name, value } of options) expect(d.subtitle).toContain(`${value}: ${JSON.stringify(name)}`);
});

describe('the SkySlope node on the canvas', () => {
	// n8n evaluates the subtitle as the editor does (Expression.getSimpleParameterValue): every
	// resource and operation must read as the node names them, never as their values.
	const operations = node.description.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) => {
			const resource = String(p.displayOptions?.show?.resource?.[0]);
			const service = String(p.displayOptions?.show?.service?.[0]);
			const resourceName = node.description.properties
				.filter((r) => r.name === 'resource')
				.flatMap((r) => r.options as Array<{ name: string; value: string }>)
				.find((o) => o.value === resource)!.name;
			return (p.options as Array<{ name: string; value: string }>).map((o) => ({ service, resource, operation: o.value, expected: `${o.name}: ${resourceName}` }));
		});

	it.each(operations)('$resource $operation reads "$expected"', ({ service, resource, operation, expected }) => {
		const nodeTypes = new HarnessNodeTypes([node]);
		const workflowNode: INode = {
			id: '1',
			name: 'Node',
			type: fullTypeName(node),
			typeVersion: defaultVersion(node),
			position: [0, 0],
			parameters: { service, resource, operation },
		};
		const workflow = new Workflow({ nodes: [workflowNode], connections: {}, active: false, nodeTypes });
		expect(workflow.expression.getSimpleParameterValue(workflowNode, node.description.subtitle!, 'internal', {})).toBe(expected);
	});
});
