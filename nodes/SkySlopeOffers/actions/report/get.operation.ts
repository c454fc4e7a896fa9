import type { IDataObject } from 'n8n-workflow';

import { defineOperation } from '../../../shared/operation';
import { readRecordIfAny } from '../../../shared/records';
import { rangeFields, readRange } from '../../helpers/fields';
import { REPORT } from '../../helpers/kinds';
import { offersRequest } from '../../transport';

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get the offers report',
	description: 'Count the offers and the listings that received them in a date range',
	properties: rangeFields(
		{
			start: 'Count offers submitted at or after this moment (UTC when no zone is given)',
			end: 'Count offers submitted at or before this moment; a bare date includes that whole day',
		},
		true,
	),
	async execute(itemIndex) {
		const { start, end } = readRange(this, itemIndex, true);
		const startDate = start.toISOString();
		const endDate = end.toISOString();
		const body = await offersRequest.call(this, {
			method: 'GET',
			path: '/ext/report',
			qs: { startDate, endDate },
			itemIndex,
		});
		// A 204 is "nothing": for a count that is zero offers on zero listings.
		const read = readRecordIfAny(this, body, { ...REPORT, operation: 'Get the offers report', itemIndex, emptyMeansNone: true });
		const report: IDataObject = read ?? { offerCount: 0, listingCount: 0 };
		return { ...report, startDate, endDate };
	},
});
