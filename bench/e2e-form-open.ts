// Requests the sandbox receives when a form-driven create (Listings & Sales > Listing > Create) is
// opened in n8n's editor (test/e2e's host). The editor's calls are made as the editor makes them,
// through n8n's REST API (/rest/dynamic-node-parameters/...), signed in as the owner:
// - opening a configured node: the Checklist Type options and the Fields (resource mapper) list;
// - setting one up from scratch: the Office list, the Checklist Type options, the Agent list, then
//   the Fields list once all three are picked.
// Each is measured with the listings-sales session expired (login included) and with a live one.
import {
	clearSandboxLog,
	CREDENTIALS,
	createListingNodes,
	editorClient,
	expire,
	NODE_TYPES,
	runWorkflow,
	sandboxLog,
	workflow,
} from '../harness/n8n/workflows';
import type { N8nClient } from '../scripts/lib/n8n-api';
import { tally, withE2eHost } from './e2e-host';
import { out } from './lib';

const nodeTypeAndVersion = { name: NODE_TYPES.skySlope, version: 1 };
const credentials = { [CREDENTIALS.listings.type]: { id: CREDENTIALS.listings.id, name: CREDENTIALS.listings.name } };

type Params = Record<string, unknown>;
const list = (value = '') => ({ __rl: true, mode: 'list', value });

function call(client: N8nClient, endpoint: string, path: string, methodName: string, params: Params) {
	return client.rest<unknown>('POST', `/dynamic-node-parameters/${endpoint}`, {
		path,
		methodName,
		nodeTypeAndVersion,
		credentials,
		currentNodeParameters: params,
	});
}

export async function e2eFormOpenBench(): Promise<void> {
	await withE2eHost(async () => {
		// An office, a checklist type and an agent as a user picks them (from a create run).
		const warm = await runWorkflow(workflow(createListingNodes('Form Open Ln'), 'bench form open'));
		if (warm.status !== 'success') throw new Error(`warm-up create: ${warm.status}`);
		const [sent] = (await sandboxLog('listings')).filter((e) => e.method === 'POST' && e.path === '/api/files/listings');
		const body = sent.body as Params;
		const picked = {
			resource: 'listing',
			operation: 'create',
			officeGuid: list(String(body.officeGuid)),
			checklistTypeId: Number(body.checklistTypeId ?? 11),
			agentGuid: list(String(body.agentGuid)),
			columns: { mappingMode: 'defineBelow', value: null },
		};
		const client = await editorClient();

		const open = async () => {
			await call(client, 'options', 'parameters.checklistTypeId', 'getListingChecklistTypes', picked);
			await call(client, 'resource-mapper-fields', 'parameters.columns', 'getFormFields', picked);
		};
		const setUp = async () => {
			const empty = { resource: 'listing', operation: 'create', officeGuid: list(), checklistTypeId: '', agentGuid: list(), columns: picked.columns };
			await call(client, 'resource-locator-results', 'parameters.officeGuid', 'searchOffices', empty);
			const withOffice = { ...empty, officeGuid: picked.officeGuid };
			await call(client, 'options', 'parameters.checklistTypeId', 'getListingChecklistTypes', withOffice);
			const withType = { ...withOffice, checklistTypeId: picked.checklistTypeId };
			await call(client, 'resource-locator-results', 'parameters.agentGuid', 'searchAgents', withType);
			await call(client, 'resource-mapper-fields', 'parameters.columns', 'getFormFields', picked);
		};

		for (const [label, steps, calls] of [
			['open a configured Listing > Create', open, 2],
			['set one up from scratch (office, checklist type, agent, fields)', setUp, 4],
		] as const) {
			for (const session of ['expired', 'live'] as const) {
				if (session === 'expired') await expire('listings');
				await clearSandboxLog();
				await steps();
				const log = await sandboxLog('listings');
				out(`  ${label}, session ${session}: ${calls} editor calls, ${log.length} requests at the service (${tally(log)})`);
			}
		}
	});
}
