import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { loadReader } from '../helpers/fields';
import { agents, checklistTypes, type Choice } from '../helpers/lists';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const asOptions = (choices: Choice[]): INodePropertyOptions[] =>
	choices.map((c) => ({ name: c.name, value: c.value, description: c.description }));

function guidParam(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	const value = loadReader(ctx).get(name);
	return typeof value === 'string' && GUID.test(value.trim()) ? value.trim() : undefined;
}

async function types(ctx: ILoadOptionsFunctions, transactionType: 'Listing' | 'Sale') {
	const kind = transactionType === 'Listing' ? 'listing' : 'sale';
	const fileGuid = guidParam(ctx, `${kind}Guid`);
	return asOptions(
		await checklistTypes(ctx, transactionType, guidParam(ctx, 'officeGuid'), fileGuid ? { kind, guid: fileGuid } : undefined),
	);
}

export async function getAgents(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return asOptions(await agents(this));
}

export async function getListingChecklistTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await types(this, 'Listing');
}

export async function getSaleChecklistTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await types(this, 'Sale');
}
