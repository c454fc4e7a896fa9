import type { IDataObject } from 'n8n-workflow';

import { defineOperation } from '../../../shared';
import { offersRequest } from '../../transport';
import { readRange } from '../fields';

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get the offers report',
	description: 'Count the offers and the listings that received them in a date range',
	properties: [
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			required: true,
			description: 'Count offers submitted at or after this moment (UTC when no zone is given)',
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			required: true,
			description: 'Count offers submitted at or before this moment; a bare date includes that whole day',
		},
	],
	async execute(itemIndex) {
		const { start, end } = readRange(
			this,
			itemIndex,
			{ start: 'startDate', end: 'endDate' },
			{ start: 'Start Date', end: 'End Date' },
			true,
		);
		const startDate = start.toISOString();
		const endDate = end.toISOString();
		const body = await offersRequest.call(this, {
			method: 'GET',
			path: '/ext/report',
			qs: { startDate, endDate },
			itemIndex,
		});
		// A 204 is "nothing": for a count that is zero offers on zero listings.
		const report: IDataObject =
			body && typeof body === 'object' ? (body as IDataObject) : { offerCount: 0, listingCount: 0 };
		return { ...report, startDate, endDate };
	},
});
