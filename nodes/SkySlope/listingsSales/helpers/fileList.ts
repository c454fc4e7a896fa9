import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	checkGuid,
	defineOperation,
	filtersField,
	inputError,
	outputShaper,
	readLimit,
	recordOutputFields,
	returnAllAndLimit,
	toUnixSeconds,
	type Operation,
} from '../../shared';
import { walkFiles } from './fileWalk';
import { RECORD_FIELDS, simplifyFile } from './simplify';

const agentFilter = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	default: '',
	typeOptions: { loadOptionsMethod: 'getAgents' },
	description: `${description}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
});

function filters(kind: 'listing' | 'sale'): INodeProperties {
	return filtersField([
		agentFilter('agentGuid', 'Agent Name or ID', `Only ${kind}s assigned to this agent`),
		agentFilter('createdByGuid', 'Created By Name or ID', `Only ${kind}s created by this user`),
		{
			displayName: 'Created After',
			name: 'earliestDate',
			type: 'dateTime',
			default: '',
			description: `Only ${kind}s created at or after this moment`,
		},
		{
			displayName: 'Created Before',
			name: 'latestDate',
			type: 'dateTime',
			default: '',
			description: `Only ${kind}s created at or before this moment`,
		},
	]);
}

/** The filters of the list, every one checked before anything is sent. */
function listFilters(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const f = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (f.agentGuid) qs.agentGuid = checkGuid(ctx, 'Filters: Agent', f.agentGuid, itemIndex);
	if (f.createdByGuid) qs.createdByGuid = checkGuid(ctx, 'Filters: Created By', f.createdByGuid, itemIndex);
	if (f.earliestDate) qs.earliestDate = toUnixSeconds(ctx, 'Filters: Created After', f.earliestDate, itemIndex);
	if (f.latestDate) qs.latestDate = toUnixSeconds(ctx, 'Filters: Created Before', f.latestDate, itemIndex);
	if (typeof qs.earliestDate === 'number' && typeof qs.latestDate === 'number' && qs.earliestDate > qs.latestDate) {
		throw inputError(ctx, 'Filters: Created After', itemIndex, 'is later than Created Before');
	}
	return qs;
}

/**
 * Get Many for listings and sales: every record once however many there are (the walk reads
 * creation-date ranges under the service's page limit), or the first `limit`; one item per record.
 */
export function fileGetMany(kind: 'listing' | 'sale'): Operation {
	return defineOperation({
		value: 'getAll',
		name: 'Get Many',
		action: `Get many ${kind}s`,
		description: `List ${kind}s the user can see, newest first, with filters`,
		properties: [...returnAllAndLimit(500), filters(kind), ...recordOutputFields({ what: kind, id: `${kind}Guid`, fields: RECORD_FIELDS[kind] })],
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const limit = readLimit(this, itemIndex, 500);
			const { earliestDate, latestDate, ...others } = listFilters(this, itemIndex);
			const shape = outputShaper(
				{ ctx: this, itemIndex, get: (name, fallback) => this.getNodeParameter(name, itemIndex, fallback) },
				{ what: kind, id: `${kind}Guid`, fields: RECORD_FIELDS[kind], simplify: (x: IDataObject) => simplifyFile(kind, x) },
			);
			const range = { earliest: earliestDate as number | undefined, latest: latestDate as number | undefined };
			const records = await walkFiles(this, range, {
				kind,
				filters: others,
				operation: `Get many ${kind}s`,
				itemIndex,
				limit,
			});
			return records.map(shape);
		},
	});
}
