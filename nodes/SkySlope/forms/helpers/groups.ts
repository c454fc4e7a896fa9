import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkPathId, p } from '../../shared';
import { formsRequest } from '../transport';

/** Group and user ids of the group operations: free text in the OpenAPI (`minLength: 1`), never numbers only. */

export const groupIdField = (description: string): INodeProperties => ({
	displayName: 'Group ID',
	name: 'groupId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. partnerApi_3f9a2c',
	description,
});

export const userIdField = (description: string): INodeProperties => ({
	displayName: 'User ID',
	name: 'userId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 00000000-0000-4000-8000-000000000001',
	description,
});

export function groupIdOf(ctx: IExecuteFunctions, i: number): string {
	return checkPathId(ctx, 'Group ID', ctx.getNodeParameter('groupId', i, ''), i);
}

function userIdOf(ctx: IExecuteFunctions, i: number): string {
	return checkPathId(ctx, 'User ID', ctx.getNodeParameter('userId', i, ''), i);
}

/** Adds a user to a group (POST) or removes one (DELETE): the same path either way. */
export async function changeMembership(
	ctx: IExecuteFunctions,
	i: number,
	method: 'POST' | 'DELETE',
): Promise<{ userId: string; groupId: string }> {
	const groupId = groupIdOf(ctx, i);
	const userId = userIdOf(ctx, i);
	await formsRequest.call(ctx, { method, path: p`/users/${userId}/groups/${groupId}`, itemIndex: i });
	return { userId, groupId };
}
