// Every operation of the SkySlope node (listings and sales) inside a real n8n. Three workflows
// walk a listing, a sale and the brokerage's other resources through every operation, one node
// each, in the order a user would meet them. For every node the test asserts that it ran and
// produced items, and that the sandbox received, in that order, the request docs/listings-sales.md
// documents for its operation. A last check proves that the three workflows together hold every
// operation the node offers, so a new operation cannot land without a workflow here.
// Together the walks send about 150 requests: under the service's 100 a minute the node would
// rightly wait a minute for the next window. This file raises the sandbox's listings limit while it
// runs, to keep the suite fast; pacing under the real limit is proven by the unit tests and bench
// figure 5.
import { resources } from '../../nodes/SkySlope/listingsSales/actions';
import { documentedOperations } from '../skyslope/documented';
import { clearSandboxLog, runWorkflow, sandboxLog, setRateLimit, skyslopeNode, workflow, type Json, type RateLimit, type RunResult, type WorkflowNode } from '../../harness/n8n/workflows';

/** One node of a walk: its name, its resource and operation, and its other parameters. */
interface Step {
	name: string;
	resource: string;
	operation: string;
	parameters?: Json;
	/** What its output must show, beyond "at least one item". */
	check?: (out: Json[], run: RunResult) => void;
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const expr = (code: string) => `={{ ${code} }}`;

// Values read from earlier nodes of the same walk.
const OFFICE = (i: number) => byId(expr(`$('Offices').all()[${i}].json.officeGuid`));
const AGENT = (i: number) => `$('Subscribers').first().json.users.filter(u => u.userType === 'Agent')[${i}].userGuid`;
const LISTING = byId(expr(`$('Create listing').first().json.listingGuid`));
const SALE = byId(expr(`$('Create sale').first().json.saleGuid`));

/** The resource mapper value the editor saves; typed fields only where the body needs a list. */
function columns(value: Json, lists: string[] = []): Json {
	return {
		mappingMode: 'defineBelow',
		value,
		matchingColumns: [],
		schema: lists.map((id) => ({ id, displayName: id, required: false, defaultMatch: false, display: true, type: 'array' })),
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

const lookups: Step[] = [
	{ name: 'Offices', resource: 'office', operation: 'getAll', parameters: { returnAll: false, limit: 2 }, check: (out) => expect(out).toHaveLength(2) },
	{
		name: 'Subscribers',
		resource: 'subscriber',
		operation: 'get',
		check: ([s]) => expect((s.users as Json[]).filter((u) => u.userType === 'Agent').length).toBeGreaterThan(1),
	},
];

const listingWalk: Step[] = [
	...lookups,
	{ name: 'Listing form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'create', officeGuid: OFFICE(0), checklistTypeId: 11 } },
	{
		name: 'Create listing',
		resource: 'listing',
		operation: 'create',
		parameters: {
			officeGuid: OFFICE(0),
			checklistTypeId: 11,
			agentGuid: byId(expr(AGENT(0))),
			columns: columns({
				listingPrice: 450000,
				listingDate: expr('$now.toISO()'),
				expirationDate: expr('$now.plus({ months: 6 }).toISO()'),
				'property.streetNumber': '21',
				'property.streetAddress': 'Operations Way',
				'property.city': 'Sampleton',
				'property.state': 'CA',
				'property.zip': '95814',
			}),
		},
		check: ([l]) => expect(typeof l.listingGuid).toBe('string'),
	},
	{ name: 'Get listing', resource: 'listing', operation: 'get', parameters: { listingGuid: LISTING }, check: ([l]) => expect(l.listingPrice).toBe(450000) },
	{ name: 'Some listings', resource: 'listing', operation: 'getAll', parameters: { returnAll: false, limit: 3 }, check: (out) => expect(out).toHaveLength(3) },
	{ name: 'Update form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'update', listingGuid: LISTING } },
	{ name: 'Update listing', resource: 'listing', operation: 'update', parameters: { listingGuid: LISTING, columns: columns({ listingPrice: 455000 }) } },
	{ name: 'Set agent', resource: 'listing', operation: 'updateAgent', parameters: { listingGuid: LISTING, agentGuid: byId(expr(AGENT(0))) } },
	{ name: 'Set checklist type', resource: 'listing', operation: 'updateChecklistType', parameters: { listingGuid: LISTING, checklistTypeId: 12 } },
	{ name: 'Co-agents form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'updateCoAgents', listingGuid: LISTING } },
	{
		name: 'Set co-agents',
		resource: 'listing',
		operation: 'updateCoAgents',
		parameters: { listingGuid: LISTING, columns: columns({ coAgentGuids: expr(`[${AGENT(1)}]`) }, ['coAgentGuids']) },
	},
	{ name: 'Set office', resource: 'listing', operation: 'updateOffice', parameters: { listingGuid: LISTING, officeGuid: OFFICE(1) } },
	{ name: 'Commissions form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'addCommissions', listingGuid: LISTING } },
	{
		name: 'Add commissions',
		resource: 'listing',
		operation: 'addCommissions',
		parameters: { listingGuid: LISTING, columns: columns({ listingCommissionPercent: 3, saleCommissionPercent: 2.5 }) },
	},
	{ name: 'Commissions update form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'updateCommissions', listingGuid: LISTING } },
	{ name: 'Update commissions', resource: 'listing', operation: 'updateCommissions', parameters: { listingGuid: LISTING, columns: columns({ notes: 'Adjusted' }) } },
	{ name: 'Referral form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'addCommissionReferral', listingGuid: LISTING } },
	{ name: 'Referral update form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'updateCommissionReferral', listingGuid: LISTING } },
	{
		name: 'Add referral',
		resource: 'listing',
		operation: 'addCommissionReferral',
		parameters: { listingGuid: LISTING, columns: columns({ referralCompany: 'Example Co', referralAgentName: 'Kai Sample' }) },
	},
	{ name: 'Update referral', resource: 'listing', operation: 'updateCommissionReferral', parameters: { listingGuid: LISTING, columns: columns({ referralPercent: 25 }) } },
	{ name: 'Seller form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'addSellerContact', listingGuid: LISTING } },
	{
		name: 'Add seller',
		resource: 'listing',
		operation: 'addSellerContact',
		parameters: { listingGuid: LISTING, columns: columns({ firstName: 'Ada', lastName: 'Sample' }) },
		check: ([c]) => expect(typeof c.contactGuid).toBe('string'),
	},
	{ name: 'Warranty form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'addHomeWarrantyContact', listingGuid: LISTING } },
	{ name: 'Add warranty', resource: 'listing', operation: 'addHomeWarrantyContact', parameters: { listingGuid: LISTING, columns: columns({ company: 'Example Warranty' }) } },
	{ name: 'Misc form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'addMiscellaneousContact', listingGuid: LISTING } },
	{
		name: 'Add misc',
		resource: 'listing',
		operation: 'addMiscellaneousContact',
		parameters: { listingGuid: LISTING, columns: columns({ firstName: 'Ben', lastName: 'Example', role: 'Stager' }) },
	},
	{
		name: 'Contact form',
		resource: 'listing',
		operation: 'getForm',
		parameters: { formFor: 'updateContact', listingGuid: LISTING, contactGuid: byId(expr(`$('Add seller').first().json.contactGuid`)) },
	},
	{
		name: 'Update seller',
		resource: 'listing',
		operation: 'updateContact',
		parameters: { listingGuid: LISTING, contactGuid: byId(expr(`$('Add seller').first().json.contactGuid`)), columns: columns({ phone: '555-0101' }) },
	},
	{ name: 'Property form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'updateProperty', listingGuid: LISTING } },
	{ name: 'Update property', resource: 'listing', operation: 'updateProperty', parameters: { listingGuid: LISTING, columns: columns({ unit: '4B' }) } },
	{
		name: 'Custom fields',
		resource: 'listing',
		operation: 'updateCustomFields',
		parameters: { listingGuid: LISTING, customFields: { field: [{ name: 'leadSource', value: 'Web' }] } },
		check: ([l]) => expect(l.customFields).toMatchObject({ leadSource: 'Web' }),
	},
	{ name: 'Stage', resource: 'listing', operation: 'updateStage', parameters: { listingGuid: LISTING, stageId: 3 } },
	{ name: 'Referring agent form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'addReferringAgent', listingGuid: LISTING } },
	{
		name: 'Add referring agent',
		resource: 'listing',
		operation: 'addReferringAgent',
		parameters: { listingGuid: LISTING, columns: columns({ agentName: 'Finn Example', company: 'Example Referrals' }) },
	},
	{
		name: 'Referring agent',
		resource: 'listing',
		operation: 'getReferringAgent',
		parameters: { listingGuid: LISTING },
		check: ([a]) => expect(a.agentName).toBe('Finn Example'),
	},
	{ name: 'Referring agent update form', resource: 'listing', operation: 'getForm', parameters: { formFor: 'updateReferringAgent', listingGuid: LISTING } },
	{
		name: 'Update referring agent',
		resource: 'listing',
		operation: 'updateReferringAgent',
		parameters: { listingGuid: LISTING, columns: columns({ referralFeePercent: 20 }) },
	},
	// Every seeded listing has a document; the newest ones may have been created by other tests.
	{
		name: 'Seeded listing',
		resource: 'listing',
		operation: 'getAll',
		parameters: { returnAll: false, limit: 1, filters: { latestDate: expr('$now.minus({ days: 1 }).toISO()') } },
	},
	{
		name: 'Seeded listing details',
		resource: 'listing',
		operation: 'get',
		// The documents are in the whole record, not in the simplified one.
		parameters: { listingGuid: byId(expr(`$('Seeded listing').first().json.listingGuid`)), simplify: false },
		check: ([l]) => expect((l.documents as Json[]).length).toBeGreaterThan(0),
	},
	{
		name: 'Update document',
		resource: 'listing',
		operation: 'updateDocument',
		parameters: {
			listingGuid: byId(expr(`$('Seeded listing').first().json.listingGuid`)),
			documentGuid: byId(expr(`$('Seeded listing details').first().json.documents[0].documentGuid`)),
			columns: columns({ documentStatusId: 2 }),
		},
		check: ([d]) => expect((d.document as Json).documentStatus).toBe('Reviewed'),
	},
];

const CONTACT_KINDS: Array<[string, Json]> = [
	['Attorney', { firstName: 'Ari', lastName: 'Attorney' }],
	['Buyer', { firstName: 'Bea', lastName: 'Buyer' }],
	['Escrow', { company: 'Example Escrow' }],
	['HomeWarranty', { company: 'Example Warranty' }],
	['Lender', { company: 'Example Lending' }],
	['Miscellaneous', { firstName: 'Mo', lastName: 'Misc', role: 'Inspector' }],
	['OtherSideAgent', { firstName: 'Oli', lastName: 'Other' }],
	['Seller', { firstName: 'Sol', lastName: 'Seller' }],
	['Title', { company: 'Example Title' }],
];

const saleWalk: Step[] = [
	...lookups,
	{ name: 'Sale form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'create', officeGuid: OFFICE(0), checklistTypeId: 14 } },
	{
		name: 'Create sale',
		resource: 'sale',
		operation: 'create',
		parameters: {
			officeGuid: OFFICE(0),
			checklistTypeId: 14,
			agentGuid: byId(expr(AGENT(0))),
			columns: columns({
				dealTypeId: 2,
				salePrice: 510000,
				contractAcceptedDate: expr('$now.toISO()'),
				escrowClosingDate: expr('$now.plus({ months: 2 }).toISO()'),
				'property.streetNumber': '7',
				'property.streetAddress': 'Operations Ave',
				'property.city': 'Sampleton',
				'property.state': 'CA',
				'property.zip': '95814',
			}),
		},
		check: ([s]) => expect(typeof s.saleGuid).toBe('string'),
	},
	{ name: 'Get sale', resource: 'sale', operation: 'get', parameters: { saleGuid: SALE }, check: ([s]) => expect(s.status).toBe('incomplete') },
	{ name: 'Some sales', resource: 'sale', operation: 'getAll', parameters: { returnAll: false, limit: 3, filters: {} }, check: (out) => expect(out).toHaveLength(3) },
	{ name: 'Update form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'update', saleGuid: SALE } },
	{ name: 'Update sale', resource: 'sale', operation: 'update', parameters: { saleGuid: SALE, columns: columns({ escrowNumber: 'E-7' }) } },
	{ name: 'Property form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'updateProperty', saleGuid: SALE } },
	{ name: 'Update property', resource: 'sale', operation: 'updateProperty', parameters: { saleGuid: SALE, columns: columns({ county: 'Sample County' }) } },
	{ name: 'Set agent', resource: 'sale', operation: 'updateAgent', parameters: { saleGuid: SALE, agentGuid: byId(expr(AGENT(0))) } },
	{ name: 'Set checklist type', resource: 'sale', operation: 'updateChecklistType', parameters: { saleGuid: SALE, checklistTypeId: 15 } },
	{ name: 'Co-agents form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'updateCoAgents', saleGuid: SALE } },
	{
		name: 'Set co-agents',
		resource: 'sale',
		operation: 'updateCoAgents',
		parameters: { saleGuid: SALE, columns: columns({ coAgentGuids: expr(`[${AGENT(1)}]`) }, ['coAgentGuids']) },
	},
	{ name: 'Commissions form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'addCommissions', saleGuid: SALE } },
	{
		name: 'Add commissions',
		resource: 'sale',
		operation: 'addCommissions',
		parameters: { saleGuid: SALE, columns: columns({ listingCommissionPercent: 3, saleCommissionPercent: 3 }) },
	},
	{ name: 'Commissions update form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'updateCommissions', saleGuid: SALE } },
	{ name: 'Update commissions', resource: 'sale', operation: 'updateCommissions', parameters: { saleGuid: SALE, columns: columns({ totalCommission: 15300 }) } },
	{ name: 'Breakdown form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'updateCommissionBreakdown', saleGuid: SALE } },
	{
		name: 'Breakdown',
		resource: 'sale',
		operation: 'updateCommissionBreakdown',
		parameters: {
			saleGuid: SALE,
			columns: columns({ commissionBreakdowns: expr(`[{ description: 'Base', amount: 15300 }]`) }, ['commissionBreakdowns']),
		},
	},
	{ name: 'Split form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'updateCommissionSplit', saleGuid: SALE } },
	{
		name: 'Split',
		resource: 'sale',
		operation: 'updateCommissionSplit',
		parameters: {
			saleGuid: SALE,
			columns: columns(
				{ commissionSplits: expr(`[{ agentGuid: ${AGENT(0)}, splitPercent: 60 }, { agentGuid: ${AGENT(1)}, splitPercent: 40 }]`) },
				['commissionSplits'],
			),
		},
		check: ([s]) => expect((s.commissionSplits as Json[]).map((x) => x.splitPercent)).toEqual([60, 40]),
	},
	{ name: 'Referral form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'addCommissionReferral', saleGuid: SALE } },
	{ name: 'Referral update form', resource: 'sale', operation: 'getForm', parameters: { formFor: 'updateCommissionReferral', saleGuid: SALE } },
	{
		name: 'Add referral',
		resource: 'sale',
		operation: 'addCommissionReferral',
		parameters: { saleGuid: SALE, columns: columns({ referralCompany: 'Ref Co', referralAgentName: 'Iris Example' }) },
	},
	{ name: 'Update referral', resource: 'sale', operation: 'updateCommissionReferral', parameters: { saleGuid: SALE, columns: columns({ notes: 'ok' }) } },
	{ name: 'Log commission', resource: 'sale', operation: 'addCommissionLog', parameters: { saleGuid: SALE, columns: columns({ note: 'Bonus agreed', amount: 500 }) } },
	{
		name: 'Commission log',
		resource: 'sale',
		operation: 'getCommissionLog',
		parameters: { saleGuid: SALE },
		check: (out) => expect(out.map((e) => e.note)).toEqual(['Bonus agreed']),
	},
	{
		name: 'Deposit',
		resource: 'sale',
		operation: 'updateEarnestMoneyDeposit',
		parameters: { saleGuid: SALE, deposit: { DepositAmount: 5000, DepositDueDate: '2026-03-01T00:00:00.000Z', IsEarnestMoneyHeld: true } },
		check: ([s]) => expect((s.earnestMoneyDeposit as Json).depositAmount).toBe(5000),
	},
	...CONTACT_KINDS.flatMap(([kind, value]): Step[] => [
		{ name: `${kind} form`, resource: 'sale', operation: 'getForm', parameters: { formFor: `add${kind}Contact`, saleGuid: SALE } },
		{
			name: `Add ${kind}`,
			resource: 'sale',
			operation: `add${kind}Contact`,
			parameters: { saleGuid: SALE, columns: columns(value) },
			check: ([c]) => expect(typeof c.contactGuid).toBe('string'),
		},
	]),
];

const CONTACT = byId(expr(`$('Create contact').first().json.contactGuid`));

const brokerageWalk: Step[] = [
	{ name: 'Health', resource: 'service', operation: 'checkHealth', check: ([h]) => expect(h.healthy).toBe(true) },
	...lookups,
	{ name: 'Office', resource: 'office', operation: 'get', parameters: { officeGuid: OFFICE(0) }, check: ([o]) => expect(typeof o.officeName).toBe('string') },
	{ name: 'Update office', resource: 'office', operation: 'update', parameters: { officeGuid: OFFICE(0), columns: columns({ phone: '555-0199' }) } },
	{
		name: 'Checklist types',
		resource: 'checklistType',
		operation: 'getAll',
		parameters: { officeGuid: OFFICE(0), transactionType: 'Sale', returnAll: true },
		check: (out) => expect(out.length).toBeGreaterThan(0),
	},
	{
		name: 'Create contact',
		resource: 'directoryContact',
		operation: 'create',
		parameters: { columns: columns({ firstName: 'Gia', lastName: 'Operations', email: 'gia.operations@example.com' }) },
	},
	{
		name: 'Find contact',
		resource: 'directoryContact',
		operation: 'search',
		parameters: { returnAll: true, filters: { lastName: 'Operations' } },
		check: (out, run) => expect(out.map((c) => c.contactGuid)).toContain(run.json('Create contact')[0].contactGuid),
	},
	{ name: 'Update contact', resource: 'directoryContact', operation: 'update', parameters: { contactGuid: CONTACT, columns: columns({ phone: '555-0142' }) } },
	{ name: 'Delete contact', resource: 'directoryContact', operation: 'delete', parameters: { contactGuid: CONTACT }, check: ([d]) => expect(d.deleted).toBe(true) },
	{
		name: 'Export',
		resource: 'bulkExport',
		operation: 'export',
		parameters: { types: ['sale'], statuses: [], includeSummary: false, filters: {} },
		check: (out) => expect(out.every((f) => f.objectType === 'sale')).toBe(true),
	},
];

/** The request docs/listings-sales.md documents for each operation, by `resource.operation`. */
const documented = new Map(documentedOperations().map((d) => [`${d.resource}.${d.operation}`, d]));

/** A step's key in the docs: Get Form is documented once per write it reads the form of. */
const keyOf = (s: Step) =>
	s.operation === 'getForm' ? `${s.resource}.getForm:${String(s.parameters?.formFor)}` : `${s.resource}.${s.operation}`;

/** Runs a walk as one workflow: each node once (Execute Once), in order. */
async function walk(name: string, steps: Step[]): Promise<RunResult> {
	expect(new Set(steps.map((s) => s.name)).size).toBe(steps.length);
	const nodes: WorkflowNode[] = steps.map((s) =>
		skyslopeNode('listings', s.name, { resource: s.resource, operation: s.operation, ...(s.parameters ?? {}) }, { executeOnce: true }),
	);
	return await runWorkflow(workflow(nodes, `e2e skyslope ${name}`), { timeoutMs: 180_000 });
}

/** Each node produced items and passed its check, and the sandbox saw its documented request, in order. */
async function expectWalked(steps: Step[], run: RunResult): Promise<void> {
	const failed = steps.find((s) => run.nodeError(s.name));
	expect(failed ? `${failed.name}: ${String(run.nodeError(failed.name)?.message)}` : run.status).toBe('success');
	for (const step of steps) {
		const out = run.json(step.name);
		expect({ node: step.name, items: out.length > 0 }).toEqual({ node: step.name, items: true });
		step.check?.(out, run);
	}
	const all = await sandboxLog('listings');
	expect(all.filter((e) => e.status === 429).map((e) => `${e.method} ${e.path}`)).toEqual([]);
	const log = all.filter((e) => e.status < 300);
	let at = 0;
	const unseen: string[] = [];
	for (const step of steps) {
		const request = documented.get(keyOf(step));
		if (!request) {
			unseen.push(`${step.name}: ${keyOf(step)} is not in docs/listings-sales.md`);
			continue;
		}
		const found = log.findIndex((e, i) => i >= at && e.method === request.method && request.pattern.test(e.path.split('?')[0]));
		if (found < 0) unseen.push(`${step.name}: no ${request.method} ${request.route} after the previous node's request`);
		else at = found + 1;
	}
	expect(unseen).toEqual([]);
}

let serviceLimit: RateLimit;
beforeAll(async () => {
	serviceLimit = await setRateLimit('listings', { limit: 1000 });
});
afterAll(async () => {
	await setRateLimit('listings', serviceLimit);
});
beforeEach(async () => {
	await clearSandboxLog();
});

describe('every operation of SkySlope in n8n', () => {
	it('a listing through every listing operation', async () => {
		await expectWalked(listingWalk, await walk('listing', listingWalk));
	}, 240_000);

	it('a sale through every sale operation, and every kind of sale contact', async () => {
		await expectWalked(saleWalk, await walk('sale', saleWalk));
	}, 240_000);

	it('health, offices, checklist types, the contacts directory and the export', async () => {
		await expectWalked(brokerageWalk, await walk('brokerage', brokerageWalk));
	}, 240_000);

	it('the walks hold every operation the node offers', () => {
		const walked = new Set([...listingWalk, ...saleWalk, ...brokerageWalk].map(keyOf));
		// Get Form counts once per write it offers (its Form For options).
		const offered = resources.flatMap((r) =>
			r.operations.flatMap((o) =>
				o.value === 'getForm'
					? (o.properties.find((p) => p.name === 'formFor')?.options ?? []).map((v) => `${r.value}.getForm:${String((v as { value: string }).value)}`)
					: [`${r.value}.${o.value}`],
			),
		);
		expect(offered.filter((op) => !walked.has(op))).toEqual([]);
		expect([...walked].filter((op) => !offered.includes(op))).toEqual([]);
	});
});
