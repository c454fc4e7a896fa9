// Every operation of the Forms and Offers nodes run once against the strict sandbox (a walk like the
// e2e one, in process), and every request they sent checked against SkySlope's own OpenAPI
// documents. A request the documents do not describe fails the test unless ALLOWED gives a reason.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { USERS } from '../../sandbox/forms';
import type { LiveSwitches } from '../../sandbox/core/live';
import { FORMS_WRITE_WARNING } from '../../sandbox/forms/live';
import { type OffersState } from '../../sandbox/offers';
import { binary, runNode } from '../../harness/node';
import { byId, jsonOf, startForms, tinyPdf, type FormsEnv } from '../../harness/forms-env';
import { ALLOWED, conformanceProblems, operationKey, operationsOf, requestProblems } from './openapi';
import { offersCredentials } from '../offers/setup';

jest.setTimeout(120_000);

let env: FormsEnv;

beforeAll(async () => {
	env = await startForms();
});
afterAll(async () => await env.close());

/** One run of the Forms node in the walk: what it was, what it sent, what came out. */
interface Step {
	operation: string;
	methods: string[];
	items: IDataObject[];
	hints: string[];
}
let steps: Step[] = [];

async function formsRun(parameters: INodeParameters, options: Parameters<FormsEnv['run']>[1] = {}): Promise<IDataObject[]> {
	const before = env.api().length;
	const result = await env.run(parameters, options);
	const operation = `${String(parameters.resource)}.${String(parameters.operation)}`;
	if (result.error) throw new Error(`${operation}: ${result.error.message}`);
	const items = jsonOf(result);
	steps.push({ operation, methods: env.api().slice(before).map((r) => r.method), items, hints: result.hints.map((h) => h.message) });
	return items;
}

const forms = (parameters: INodeParameters, input?: IDataObject[]) => formsRun(parameters, input ? { input: input.map((json) => ({ json })) } : {});

describe('the checker itself', () => {
	it('refuses what the documents do not describe, and reads their array and date forms', () => {
		expect(requestProblems('forms', { method: 'GET', path: '/partner/api/forms', query: { libraryIds: '11,12', page: '1' } })).toEqual([
			'GET /forms ?libraryIds[0]: "11,12" is not an integer',
		]);
		expect(requestProblems('forms', { method: 'GET', path: '/partner/api/forms', query: { libraryIds: ['11', '12'] } })).toEqual([]);
		expect(requestProblems('forms', { method: 'GET', path: '/partner/api/forms', query: { nope: '1' } })).toEqual(['GET /forms ?nope: not in the document']);
		expect(requestProblems('forms', { method: 'GET', path: '/partner/api/nowhere', query: {} })).toEqual(['GET /nowhere: no such operation in the forms document']);
		expect(requestProblems('forms', { method: 'PUT', path: '/partner/api/forms', query: {} })).toEqual(['PUT /forms: the forms document has only GET here']);
		expect(
			requestProblems('offers', { method: 'GET', path: '/offers-api/ext/offers/', query: { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-31' } }),
		).toEqual(['GET /ext/offers ?startDate: "2026-01-01T00:00:00.000Z" is not a date in the documented form (YYYY-MM-DD)']);
		expect(requestProblems('offers', { method: 'GET', path: '/offers-api/ext/offers', query: { startDate: '2026-01-01' } })).toEqual([]);
		expect(requestProblems('offers', { method: 'GET', path: '/offers-api/ext/report/', query: {} })).toEqual([
			'GET /ext/report/: a trailing slash the offers document does not write',
		]);
		expect(requestProblems('offers', { method: 'GET', path: '/offers-api/ext/report', query: { endDate: '2026-01-31' } })).toEqual([
			'GET /ext/report ?startDate: required, not sent',
		]);
		expect(
			requestProblems('forms', {
				method: 'POST',
				path: '/partner/api/groups/g1/child',
				query: {},
				headers: { 'content-type': 'application/json' },
				body: { name: 'x', extra: 1 },
			}),
		).toEqual(['POST /groups/{groupId}/child body.extra: not in the document']);
	});

	it('every allow-list entry gives its reason', () => {
		for (const [key, reason] of Object.entries(ALLOWED)) expect(`${key}: ${reason.length > 20 ? 'reasoned' : reason}`).toBe(`${key}: reasoned`);
	});
});

describe.each<[string, LiveSwitches]>([
	['as the documents say', {}],
	// Warnings on every write: no client has seen them on Forms, but a write answered with one must never look like a plain success.
	['with a warning on every write', { writeWarnings: true }],
])('SkySlope Forms: every operation, every request as the OpenAPI describes it (%s)', (_, live) => {
	afterAll(() => env.sandbox.setLive({}));

	it('walks the node and checks what it sent', async () => {
		env.sandbox.setLive(live);
		env.sandbox.clearLog();
		steps = [];
		const fileOf = async (name: string) =>
			(await forms({ resource: 'file', operation: 'create', name: `conformance ${name}`, representationType: 'Buyer' }))[0].fileId as number;

		await forms({ resource: 'file', operation: 'getAll', limit: 3, sort: { field: 'name', direction: 'asc' } });
		await forms({ resource: 'file', operation: 'get', fileId: byId(1001) });
		await forms({
			resource: 'file',
			operation: 'create',
			name: 'conformance create',
			representationType: 'Seller',
			importMls: true,
			mlsNumber: 'NM-CONF',
			property: { address: { streetNumber: '5', streetName: 'Conf Ave', city: 'Sacramento', state: 'CA', postalCode: '95814' } },
		});
		const fileId = await fileOf('writes');
		await forms({ resource: 'file', operation: 'updateDetails', fileId: byId(fileId), updateFields: { closingDate: '2026-06-30', purchasePrice: 450000 } });
		await forms({
			resource: 'file',
			operation: 'replace',
			fileId: byId(fileId),
			property: { address: { streetNumber: '7', streetName: 'Other St', city: 'Austin', state: 'TX', postalCode: '78704' } },
			contacts: '[{"type":"Buyer","firstName":"Ada","lastName":"Conf"}]',
			commissions: { commission: [{ type: 'Listing', calculationType: 'Flat', amount: 100 }] },
			fields: { acceptanceDate: '2026-05-01' },
		});
		await forms({ resource: 'file', operation: 'importMls', fileId: byId(fileId), mlsNumber: 'ML-CONF', shouldOverride: false });
		await forms({ resource: 'file', operation: 'applyTemplate', fileId: byId(fileId), templateId: byId(1031) });
		await forms({ resource: 'file', operation: 'subscribe', fileId: byId(fileId), webhookUrl: 'https://example.com/conformance-hook' });

		const [added] = await forms({
			resource: 'fileContact',
			operation: 'add',
			fileId: byId(fileId),
			contactType: 'Seller',
			firstName: 'Bo',
			lastName: 'Conf',
			additionalFields: { actionAttribute: 'NeedsToSign', email: 'bo@example.com' },
		});
		await forms({ resource: 'fileContact', operation: 'update', contactId: byId(String(added.contactId)), contactType: 'Seller', firstName: 'Bob', lastName: 'Conf' });
		await forms({ resource: 'fileContact', operation: 'delete', fileId: byId(fileId), contactId: byId(String(added.contactId)) });
		await forms({ resource: 'fileContact', operation: 'addMany', fileId: byId('={{ $json.fileId }}') }, [
			{ fileId, type: 'Buyer', firstName: 'Cy', lastName: 'One' },
			{ fileId, type: 'Buyer', firstName: 'Di', lastName: 'Two' },
		]);

		const documents = await forms({ resource: 'document', operation: 'getAll', fileId: byId(1003), returnAll: true });
		await forms({ resource: 'document', operation: 'get', documentId: byId(String(documents[0].id)) });
		const [fromForms] = await forms({ resource: 'document', operation: 'addFromForms', fileId: byId(fileId), formIds: [301, 303] });
		const [newDocument] = fromForms.documentIds as number[];
		const [detail] = await forms({ resource: 'document', operation: 'get', documentId: byId(newDocument) });
		const dataRef = String((detail.fields as IDataObject[])[0].dataRef);
		await forms({ resource: 'document', operation: 'updateFields', documentId: byId(newDocument), fields: { field: [{ name: dataRef, value: 'conformance' }] } });
		await forms({ resource: 'document', operation: 'download', fileId: byId(1003), documentIds: [Number(documents[0].id), Number(documents[1].id)], binaryPropertyName: 'zip' });
		await forms({ resource: 'document', operation: 'downloadCombined', fileId: byId(1003), documentIds: [Number(documents[0].id)], binaryPropertyName: 'pdf' });
		await formsRun(
			{ resource: 'document', operation: 'upload', fileId: byId(fileId), binaryPropertyName: 'data', documentName: 'conformance upload', options: { isSignedDocument: false } },
			{ input: [{ json: {}, binary: { data: binary(tinyPdf(), 'a.pdf', 'application/pdf') } }] },
		);
		await forms({ resource: 'document', operation: 'delete', documentId: byId(newDocument) });

		const signed = env.state.store.signed.find((r) => env.state.store.files.get(r.fileId)?.ownedBy === USERS.caller)!;
		await forms({ resource: 'signedDocument', operation: 'getAllForFile', fileId: byId(signed.fileId), returnAll: true });
		await forms({ resource: 'signedDocument', operation: 'getAllForEnvelope', fileId: byId(signed.fileId), envelopeId: byId(signed.formsEnvelopeId), returnAll: true });
		await forms({ resource: 'envelope', operation: 'getAll', fileId: byId(1001), returnAll: true });
		const [first] = await forms({ resource: 'document', operation: 'getAll', fileId: byId(1001), limit: 1 });
		await forms({ resource: 'envelope', operation: 'create', fileId: byId(1001), envelopeName: 'conformance envelope', documentIds: [Number(first.id)] });

		await forms({ resource: 'template', operation: 'getAll', templateType: 'BrokerTemplate', returnAll: true });
		await forms({ resource: 'form', operation: 'getAll', libraryIds: [11, 12], limit: 5 });
		await forms({ resource: 'library', operation: 'getAll', returnAll: true });
		await forms({ resource: 'library', operation: 'getFormVersions', libraryId: 13, returnAll: true });
		await forms({ resource: 'tag', operation: 'getAll', formVersionIds: '9301,9302', returnAll: true });
		await forms({ resource: 'buyerAgreement', operation: 'getAll', returnAll: true, filters: 'isCarBRBC==true' });
		await forms({ resource: 'collaborator', operation: 'getAll', returnAll: true });
		await forms({ resource: 'user', operation: 'getProfile' });
		const [group] = await forms({ resource: 'group', operation: 'create', brokerageName: 'Conformance Realty' });
		await forms({ resource: 'group', operation: 'createChild', groupId: String(group.groupId), name: 'Conformance Office' });
		await forms({ resource: 'group', operation: 'addUser', groupId: String(group.groupId), userId: USERS.riley });
		await forms({ resource: 'group', operation: 'removeUser', groupId: String(group.groupId), userId: USERS.riley });

		const sent = env.api();
		// The walk reached every operation of the document...
		const reached = new Set(sent.map((r) => operationKey('forms', r)));
		const missed = operationsOf('forms').map((op) => `${op.method} ${op.template}`).filter((key) => !reached.has(key));
		expect(missed).toEqual([]);
		// ...and sent nothing it does not describe.
		expect(conformanceProblems('forms', sent)).toEqual([]);

		// Every item of every write carries the service's warning, shown once as a hint; reads carry none.
		const warned = live.writeWarnings ? [FORMS_WRITE_WARNING] : undefined;
		const outcome = steps.map((step) => ({ operation: step.operation, warnings: step.items.map((item) => item.warnings), hints: step.hints }));
		const expected = steps.map((step) => {
			const writes = step.methods.some((m) => m !== 'GET');
			return {
				operation: step.operation,
				warnings: step.items.map(() => (writes ? warned : undefined)),
				hints: writes && warned ? [`SkySlope warned: ${FORMS_WRITE_WARNING}`] : [],
			};
		});
		expect(outcome).toEqual(expected);
		// Every kind of write was among them.
		const writeOperations = new Set(steps.filter((step) => step.methods.some((m) => m !== 'GET')).map((step) => step.operation));
		expect(writeOperations.size).toBe(19);
	});
});

describe('SkySlope Offers: every operation, every request as the OpenAPI describes it', () => {
	it('walks the node and checks what it sent', async () => {
		const { sandbox } = env;
		const state = sandbox.service<OffersState>('offers').state;
		let credentials = offersCredentials(sandbox);
		const offers = async (parameters: INodeParameters) => {
			const result = await runNode({ node: SkySlope, parameters, credentials });
			credentials = result.credentials;
			if (result.error) throw new Error(`${String(parameters.resource)}.${String(parameters.operation)}: ${result.error.message}`);
			return result.output[0] ?? [];
		};
		sandbox.clearLog();
		const end = state.anchorMs - 1000;
		const listed = await offers({
			resource: 'offer',
			operation: 'getAll',
			startDate: new Date(end - 40 * 24 * 3600 * 1000).toISOString(),
			endDate: new Date(end).toISOString(),
			returnAll: true,
		});
		expect(listed.length).toBeGreaterThan(0);
		await offers({ resource: 'offer', operation: 'get', offerId: String(listed[0].json.OfferId) });
		await offers({ resource: 'agent', operation: 'getListings', agentId: 'AG1001', options: { startDate: '2026-01-01' } });
		await offers({ resource: 'report', operation: 'get', startDate: '2026-01-01', endDate: '2026-01-31' });

		const sent = sandbox.requests('offers').filter((r) => r.path.startsWith('/offers-api/'));
		const reached = new Set(sent.map((r) => operationKey('offers', r)));
		expect(operationsOf('offers').map((op) => `${op.method} ${op.template}`).filter((key) => !reached.has(key))).toEqual([]);
		expect(conformanceProblems('offers', sent)).toEqual([]);
	});
});
