// What n8n's editor makes of the descriptions, by the editor's own rules (n8n 2.41.1, read in its
// sources; docs/VERIFICATION.md, "How the editor reads the nodes"), written again here so that every
// entry is checked in a second, not only the ones the browser test adds:
// - the "main authentication field" (nodeTypesUtils `getMainAuthField`): an options parameter that
//   the credentials' `show` name and whose every value some credential's `show` lists. The editor
//   drops it from the panel and rewrites it whenever a credential is picked or filled in. Neither
//   node may have one: Service, Resource and Trigger On stay the user's.
// - the nodes panel's entries (useActionsGeneration `triggersCategory`, `resourceCategories`) and the
//   parameters an entry sets (the node creator's action data: the entry's values, plus the first
//   value of each key of its displayOptions.show).
// - the credential field each entry's node then shows (NodeHelpers.displayParameter on the
//   credentials, as the editor's useNodeCredentialOptions does).
import { NodeHelpers, type INodeProperties, type INodePropertyOptions, type INodeTypeDescription } from 'n8n-workflow';

import { services } from '../../nodes/SkySlope/actions';
import { LISTINGS_SALES_EVENTS } from '../../nodes/SkySlope/listingsSales/trigger';
import { OFFERS_EVENTS } from '../../nodes/SkySlope/offers/trigger';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';

/**
 * A description as n8n's server hands it to the editor: n8n appends "Custom API Call" to every
 * Resource and Operation of a node whose credentials can sign any request (LoadNodesAndCredentials
 * `injectCustomApiCallOptions`, for a credential with `authenticate` or an OAuth2 one): all three here.
 */
function asServed(d: INodeTypeDescription): INodeTypeDescription {
	const custom = { name: 'Custom API Call', value: '__CUSTOM_API_CALL__' };
	return {
		...d,
		properties: d.properties.map((p) => (['resource', 'operation'].includes(p.name) && Array.isArray(p.options) ? { ...p, options: [...p.options, custom] } : p)) as INodeProperties[],
	};
}

const action = asServed(new SkySlope().description);
const trigger = new SkySlopeTrigger().description;

/** The editor's main authentication field of a node, or null (nodeTypesUtils, n8n 2.41.1). */
function mainAuthField(d: INodeTypeDescription): INodeProperties | null {
	const keys = new Set((d.credentials ?? []).flatMap((c) => Object.keys(c.displayOptions?.show ?? {})));
	const fields = d.properties.filter((p) => keys.has(p.name));
	const named = fields.find((p) => p.name === 'authentication' && !(p.options as INodePropertyOptions[] | undefined)?.some((o) => o.value === 'none'));
	if (named) return named;
	const listed: Record<string, string[]> = {};
	for (const c of d.credentials ?? []) for (const [k, v] of Object.entries(c.displayOptions?.show ?? {})) listed[k] = [...(listed[k] ?? []), ...(v ?? []).map(String)];
	return fields.find((f) => ((f.options ?? []) as INodePropertyOptions[]).every((o) => listed[f.name]?.includes(String(o.value)))) ?? null;
}

/** The parameters a nodes-panel entry sets: its values and the first value of each `show` key. */
function entryParameters(values: Record<string, unknown>, show: Record<string, unknown[] | undefined> = {}): Record<string, unknown> {
	const conditions = Object.fromEntries(Object.entries(show).map(([k, v]) => [k, v?.[0]]));
	return { ...values, ...conditions };
}

/** The credential types the node shows for these parameters (defaults filled in, as the editor has them). */
function credentialsShown(d: INodeTypeDescription, set: Record<string, unknown>): string[] {
	const parameters = NodeHelpers.getNodeParameters(d.properties, set as never, true, false, null, d) ?? {};
	return (d.credentials ?? []).filter((c) => NodeHelpers.displayParameter(parameters, c, null, d)).map((c) => c.name);
}

it('neither node has a main authentication field: Service, Resource and Trigger On stay in the panel', () => {
	expect(mainAuthField(action)?.name ?? null).toBeNull();
	expect(mainAuthField(trigger)?.name ?? null).toBeNull();
});

it('the rule itself finds the fields an editor would hide: the old Trigger On, and a Resource n8n served bare', () => {
	// Without the Custom API Call n8n adds, each service's Resource would be covered by the credentials' `show`.
	expect(mainAuthField(new SkySlope().description)?.name).toBe('resource');
	// Control: the same trigger with its credentials keyed by `show`, as before, has Trigger On as its
	// main authentication field, which the editor then hid and reset.
	const old: INodeTypeDescription = {
		...trigger,
		credentials: [
			{ name: 'skySlopeApi', required: true, displayOptions: { show: { event: LISTINGS_SALES_EVENTS.map((e) => e.value) } } },
			{ name: 'skySlopeOffersOAuth2Api', required: true, displayOptions: { show: { event: OFFERS_EVENTS.map((e) => e.value) } } },
		],
	};
	expect(mainAuthField(old)?.name).toBe('event');
});

describe('each event entry of the nodes panel sets its event, and the node shows its service\'s credential', () => {
	// triggersCategory: the first property whose display name is Event, Events or Trigger On.
	const field = trigger.properties.find((p) => ['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()))!;
	const events = [...LISTINGS_SALES_EVENTS.map((e) => [e.value, 'skySlopeApi'] as const), ...OFFERS_EVENTS.map((e) => [e.value, 'skySlopeOffersOAuth2Api'] as const)];

	it('the entries are the trigger\'s events, every one', () => {
		expect(field.name).toBe('event');
		expect(((field.options ?? []) as INodePropertyOptions[]).map((o) => o.value).sort()).toEqual(events.map(([e]) => e).sort());
	});

	it.each(events)('%s shows %s only', (event, credential) => {
		const set = entryParameters({ [field.name]: event }, field.displayOptions?.show);
		expect(set).toEqual({ event });
		expect(credentialsShown(trigger, set)).toEqual([credential]);
	});
});

describe('each action entry of the nodes panel sets its service, resource and operation, and the node shows that service\'s credential', () => {
	// resourceCategories: every property named resource; for each of its values, the first property
	// named operation whose show.resource lists it; an entry per option of that property.
	const entries = action.properties
		.filter((p) => p.name === 'resource')
		.flatMap((resourceField) =>
			((resourceField.options ?? []) as INodePropertyOptions[])
				.filter((resource) => resource.value !== '__CUSTOM_API_CALL__')
				.flatMap((resource) => {
				const operations = action.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value))!;
				return ((operations.options ?? []) as INodePropertyOptions[]).filter((op) => op.value !== '__CUSTOM_API_CALL__').map((op) => ({
					entry: op.action ?? op.name,
					set: entryParameters({ operation: op.value }, operations.displayOptions?.show),
					resource: String(resource.value),
					operation: String(op.value),
				}));
			}),
		);
	const expected = services.flatMap((s) => s.resources.flatMap((r) => r.operations.map((o) => ({ service: s.value, credential: s.service.credentialType, resource: r.value, operation: o.value }))));

	it('there is an entry for every operation of every resource', () => {
		expect(entries.map((e) => `${e.resource}:${e.operation}`).sort()).toEqual(expected.map((e) => `${e.resource}:${e.operation}`).sort());
	});

	it.each(expected)('$service › $resource › $operation', ({ service, credential, resource, operation }) => {
		const entry = entries.find((e) => e.resource === resource && e.operation === operation)!;
		expect(entry).toBeDefined();
		expect(entry.set).toEqual({ service, resource, operation });
		expect(credentialsShown(action, entry.set)).toEqual([credential]);
	});
});

it('a workflow written without a Service (by hand, or by an AI builder) still shows and uses its resource\'s credential', () => {
	for (const s of services) for (const r of s.resources) expect(credentialsShown(action, { resource: r.value, operation: r.operations[0].value })).toEqual([s.service.credentialType]);
});
