import { defineOperation } from '../../../shared/operation';
import { optionsField, readLimit, returnAllAndLimit, simplifyField } from '../../../shared/fields';
import { agentIdField, flattenOption, offerOutput, rangeFields, readOptionalAgentId, readRange } from '../../helpers/fields';
import { listOffersInRange } from '../../helpers/offers';
import { MAX_RANGE_DAYS } from '../../service';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many offers',
	toolDescription:
		'Use when the user asks about offers submitted in a period, optionally for one listing agent. Returns one compact record per offer: offerId, submission date, price, status, address (the full RESO records when Simplify is off).',
	description: 'Retrieve the offers submitted in a date range, of any length',
	properties: [
		...rangeFields(
			{
				start: 'Offers submitted at or after this moment (UTC when no zone is given)',
				end: `Offers submitted at or before this moment; empty means now. A range longer than ${MAX_RANGE_DAYS} days is read in ${MAX_RANGE_DAYS}-day windows.`,
			},
			false,
		),
		...returnAllAndLimit(),
		simplifyField(),
		optionsField([
			agentIdField('Only offers on listings of this agent', false),
			flattenOption,
		]),
	],
	async execute(itemIndex) {
		const range = readRange(this, itemIndex, false);
		const limit = readLimit(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as { agentId?: unknown; flatten?: boolean };
		const agentId = readOptionalAgentId(this, options.agentId, itemIndex);
		const offers = await listOffersInRange.call(this, { ...range, limit, agentId, itemIndex });
		return offers.map(offerOutput(this, itemIndex, options.flatten));
	},
});
