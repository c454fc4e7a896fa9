// Every read of the SkySlope node (Forms), run against every wrapping the service may choose: the
// records come out the same; an answer holding none fails the item, naming the operation, the
// status and the keys it saw.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { USERS } from '../../sandbox/forms';
import { byId, jsonOf, startForms, type FormsEnv } from '../../harness/forms-env';
import { describeEveryWrapping, expectUnreadable, type ReadCase } from './variants';

let env: FormsEnv;
let fileId: number;
let documentId: number;
let signed: { fileId: number; formsEnvelopeId: number };

beforeAll(async () => {
	env = await startForms();
	const store = env.state.store;
	const record = store.signed.find((r) => store.files.get(r.fileId)?.ownedBy === USERS.caller);
	if (!record) throw new Error('the seed has no signed document of the caller');
	signed = { fileId: record.fileId, formsEnvelopeId: record.formsEnvelopeId };
	const file = [...store.files.values()].find(
		(f) =>
			f.type === 'File' &&
			f.ownedBy === USERS.caller &&
			!f.isDeleted &&
			f.contacts.length > 0 &&
			store.envelopesOf(f.id).length > 0 &&
			store.liveDocuments(f.id).some((d) => d.formId !== null),
	);
	if (!file) throw new Error('the seed has no file with contacts, envelopes and documents');
	fileId = file.id;
	documentId = store.liveDocuments(file.id).find((d) => d.formId !== null)!.id;
});
afterAll(async () => await env.close());

async function node(parameters: INodeParameters): Promise<IDataObject[]> {
	const result = await env.run(parameters);
	if (result.error) throw new Error(`${result.error.message} | ${String(result.error.description ?? '')}`);
	return jsonOf(result);
}

const F = '^/partner/api';
const cases = (): ReadCase[] => [
	{ name: 'file get', reads: new RegExp(`${F}/files/\\d+$`), run: () => node({ resource: 'file', operation: 'get', fileId: byId(fileId), simplify: false }) },
	{ name: 'file get (simplified)', reads: new RegExp(`${F}/files/\\d+$`), run: () => node({ resource: 'file', operation: 'get', fileId: byId(fileId) }) },
	{ name: 'file getAll', reads: new RegExp(`${F}/files$`), run: () => node({ resource: 'file', operation: 'getAll', limit: 7 }) },
	{ name: 'file getAll (all)', reads: new RegExp(`${F}/files$`), run: () => node({ resource: 'file', operation: 'getAll', returnAll: true }) },
	{
		name: 'document get (all fields)',
		reads: new RegExp(`${F}/documents/\\d+$`),
		run: () => node({ resource: 'document', operation: 'get', documentId: byId(documentId), simplify: false }),
	},
	{
		name: 'document get (one page)',
		reads: new RegExp(`${F}/documents/\\d+$`),
		run: () => node({ resource: 'document', operation: 'get', documentId: byId(documentId), fieldsMode: 'page', page: 1, pageSize: 3, simplify: false }),
	},
	{ name: 'document getAll', reads: new RegExp(`${F}/files/\\d+/documents$`), run: () => node({ resource: 'document', operation: 'getAll', fileId: byId(fileId), returnAll: true }) },
	{
		name: 'signedDocument getAllForFile',
		reads: new RegExp(`${F}/documents/signed/\\d+$`),
		run: () => node({ resource: 'signedDocument', operation: 'getAllForFile', fileId: byId(signed.fileId), returnAll: true }),
	},
	{
		name: 'signedDocument getAllForEnvelope',
		reads: new RegExp(`${F}/documents/signed/\\d+/envelopes/\\d+$`),
		run: () =>
			node({
				resource: 'signedDocument',
				operation: 'getAllForEnvelope',
				fileId: byId(signed.fileId),
				envelopeId: byId(signed.formsEnvelopeId),
				returnAll: true,
			}),
	},
	{ name: 'envelope getAll', reads: new RegExp(`${F}/files/\\d+/envelopes$`), run: () => node({ resource: 'envelope', operation: 'getAll', fileId: byId(fileId), returnAll: true }) },
	{ name: 'template getAll', reads: new RegExp(`${F}/templates$`), run: () => node({ resource: 'template', operation: 'getAll', returnAll: true }) },
	{ name: 'form getAll', reads: new RegExp(`${F}/forms$`), run: () => node({ resource: 'form', operation: 'getAll', limit: 30 }) },
	{ name: 'library getAll', reads: new RegExp(`${F}/libraries$`), run: () => node({ resource: 'library', operation: 'getAll', returnAll: true }) },
	{ name: 'collaborator getAll', reads: new RegExp(`${F}/collaborators$`), run: () => node({ resource: 'collaborator', operation: 'getAll', returnAll: true }) },
	{ name: 'user getProfile', reads: new RegExp(`${F}/users/profile$`), run: () => node({ resource: 'user', operation: 'getProfile' }) },
	{ name: 'searchFiles', reads: new RegExp(`${F}/files$`), run: () => env.method('listSearch', 'searchFiles', {}) },
	{
		name: 'searchDocuments',
		reads: new RegExp(`${F}/files/\\d+/documents$`),
		run: () => env.method('listSearch', 'searchDocuments', { resource: 'document', operation: 'get', fileId: byId(fileId) }),
	},
	{
		name: 'searchEnvelopes',
		reads: new RegExp(`${F}/files/\\d+/envelopes$`),
		run: () => env.method('listSearch', 'searchEnvelopes', { resource: 'signedDocument', operation: 'getAllForEnvelope', fileId: byId(fileId) }),
	},
	{ name: 'searchTemplates', reads: new RegExp(`${F}/templates$`), run: () => env.method('listSearch', 'searchTemplates', {}) },
	{ name: 'searchCollaborators', reads: new RegExp(`${F}/collaborators$`), run: () => env.method('listSearch', 'searchCollaborators', {}) },
	{
		name: 'searchFileContacts',
		reads: new RegExp(`${F}/files/\\d+$`),
		run: () => env.method('listSearch', 'searchFileContacts', { resource: 'fileContact', operation: 'delete', fileId: byId(fileId) }),
	},
	{ name: 'getLibraries', reads: new RegExp(`${F}/libraries$`), run: () => env.method('loadOptions', 'getLibraries', {}) },
	{ name: 'getForms', reads: new RegExp(`${F}/forms$`), run: () => env.method('loadOptions', 'getForms', { resource: 'document', operation: 'addFromForms' }) },
	{
		name: 'getDocuments',
		reads: new RegExp(`${F}/files/\\d+/documents$`),
		run: () => env.method('loadOptions', 'getDocuments', { resource: 'envelope', operation: 'create', fileId: byId(fileId) }),
	},
];

describeEveryWrapping('every read of the SkySlope node (Forms), in every wrapping', 'forms', () => env.sandbox, cases);

describe('an answer holding nothing the node can read', () => {
	afterEach(() => env.sandbox.setShapes([]));

	it.each([
		[{ resource: 'file', operation: 'get', fileId: 0 }, 'Get a file', `${F}/files/\\d+$`],
		[{ resource: 'file', operation: 'getAll', returnAll: true }, 'Get many files', `${F}/files$`],
		[{ resource: 'document', operation: 'get', documentId: 0 }, 'Get a document', `${F}/documents/\\d+$`],
		[{ resource: 'signedDocument', operation: 'getAllForFile', fileId: 0, returnAll: true }, 'Get many signed documents of a file', `${F}/documents/signed/`],
		[{ resource: 'user', operation: 'getProfile' }, 'Get my profile', `${F}/users/profile$`],
	] as const)('%j fails the item naming the operation, the status and the keys', async (parameters, action, path) => {
		env.sandbox.setShapes([{ service: 'forms', variant: 'unrecognisable', path }]);
		const ids = { fileId: byId(parameters.resource === 'signedDocument' ? signed.fileId : fileId), documentId: byId(documentId) };
		const result = await env.run({ ...parameters, ...ids });
		expectUnreadable(result, `${action}: `);
	});

	it('an editor list says so instead of showing an empty list', async () => {
		env.sandbox.setShapes([{ service: 'forms', variant: 'unrecognisable', path: `${F}/libraries$` }]);
		await expect(env.method('loadOptions', 'getLibraries', {})).rejects.toThrow(/Load libraries: .*HTTP 200.*weird/);
	});

	it.each(['plural-one', 'bare-array', 'value-wrapped'] as const)('a recognisably empty list (%s) is an empty result', async (variant) => {
		env.sandbox.setShapes([{ service: 'forms', variant }]);
		const result = await env.run({ resource: 'file', operation: 'getAll', returnAll: true, filters: { name: 'zz-no-such-file-zz' } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([]);
		expect(env.api('GET', /\/files$/).at(-1)?.query).toMatchObject({ filters: 'name@=*zz-no-such-file-zz' });
	});
});
