import { defineOperation } from '../../../shared/operation';
import { optionsField, readLimit, returnAllAndLimit } from '../../../shared/fields';
import { agentIdField, flattenOption, rangeFields, readOptionalAgentId, readRange } from '../../helpers/fields';
import { flattenOffer } from '../../helpers/flatten';
import { listOffersInRange } from '../../helpers/offers';
import { MAX_RANGE_DAYS } from '../../service';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many offers',
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
		return options.flatten ? offers.map(flattenOffer) : offers;
	},
});
