import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkPathId } from '../../shared';

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

export function userIdOf(ctx: IExecuteFunctions, i: number): string {
	return checkPathId(ctx, 'User ID', ctx.getNodeParameter('userId', i, ''), i);
}
