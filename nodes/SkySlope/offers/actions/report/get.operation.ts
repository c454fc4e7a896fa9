import type { IDataObject } from 'n8n-workflow';

import { defineOperation } from '../../../shared/operation';
import { readRecordIfAny } from '../../../shared/records';
import { rangeFields, readRange } from '../../helpers/fields';
import { REPORT } from '../../helpers/kinds';
import { offersRequest } from '../../transport';

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get offers report',
	toolDescription:
		'Use when the user asks how many offers came in during a period. Returns the count of offers and of listings that received them, with the startDate and endDate counted.',
	description: 'Count the offers and the listings that received them in a date range',
	properties: rangeFields(
		{
			start: 'Count offers submitted on or after this day (UTC); the report counts whole days',
			end: 'Count offers submitted on or before this day (UTC), that whole day included',
		},
		true,
	),
	async execute(itemIndex) {
		const { start, end } = readRange(this, itemIndex, true);
		// Both SkySlope documents type the report's range as dates (YYYY-MM-DD, UTC): whole days.
		const startDate = start.toISOString().slice(0, 10);
		const endDate = end.toISOString().slice(0, 10);
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
