import type { IDataObject } from 'n8n-workflow';

import { optionsField } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operation';
import { p } from '../../../shared/path';
import { readRecords } from '../../../shared/records';
import { toDateOnly } from '../../../shared/validate';
import { agentIdField, readAgentId } from '../../helpers/fields';
import { AGENT_LISTING } from '../../helpers/kinds';
import { offersRequest } from '../../transport';

export default defineOperation({
	value: 'getListings',
	name: 'Get Listings With Offers',
	action: 'Get listings with offers of agent',
	toolDescription:
		'Use when the user asks which listings got offers, or how many offers a listing has; give the listing agent\'s Offers ID (e.g. AG1001) and optionally a start date. Returns up to ten of the agent\'s listings with offers, newest first: fileId, listingName (the address), offersCount, hasNewOffers, latestOfferDate.',
	description: 'Retrieve the ten listings of an agent that most recently received offers, newest first',
	properties: [
		agentIdField('The agent whose listings to read; how it maps to MLS fields is set up by SkySlope'),
		optionsField([
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: 'Only count offers submitted on or after this day (UTC); the service takes a date',
			},
		]),
	],
	async execute(itemIndex) {
		const agentId = readAgentId(this, this.getNodeParameter('agentId', itemIndex), itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as { startDate?: string };
		const qs: IDataObject = {};
		// Both SkySlope documents type startDate as a date (YYYY-MM-DD).
		if (options.startDate) qs.startDate = toDateOnly(this, 'Start Date', options.startDate, itemIndex);
		const body = await offersRequest.call(this, {
			method: 'GET',
			path: p`/ext/agent/${agentId}/listings`,
			qs,
			itemIndex,
		});
		// Spec 2.4: {hasNewOffers, listings}; 204 when none; any other shape the reader knows, else a loud error.
		const listings = readRecords(this, body, {
			...AGENT_LISTING,
			operation: 'Get listings with offers of an agent',
			itemIndex,
			emptyMeansNone: true,
		});
		return listings.map((listing) => ({ agentId, ...listing }));
	},
});
