import { checkInt, checkPathId, defineOperation } from '../../../shared';
import { flattenOffer, listOffersInRange } from '../../transport';
import { flattenOption, readRange } from '../fields';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many offers',
	description: 'Retrieve the offers submitted in a date range, of any length',
	properties: [
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			required: true,
			description: 'Offers submitted at or after this moment (UTC when no zone is given)',
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			description:
				'Offers submitted at or before this moment; empty means now. A range longer than 31 days is read in 31-day windows.',
		},
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: [
				{
					displayName: 'Agent ID',
					name: 'agentId',
					type: 'string',
					default: '',
					placeholder: 'e.g. AG1001',
					description: 'Only offers on listings of this agent (OfferProperty.OfferAgentId)',
				},
				flattenOption,
			],
		},
	],
	async execute(itemIndex) {
		const range = readRange(
			this,
			itemIndex,
			{ start: 'startDate', end: 'endDate' },
			{ start: 'Start Date', end: 'End Date' },
			false,
		);
		const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll
			? undefined
			: checkInt(this, 'Limit', this.getNodeParameter('limit', itemIndex, 50), itemIndex, { min: 1 });
		const options = this.getNodeParameter('options', itemIndex, {}) as { agentId?: string; flatten?: boolean };
		const agentId = options.agentId
			? checkPathId(this, 'Agent ID', options.agentId, itemIndex)
			: undefined;
		const offers = await listOffersInRange.call(this, { ...range, limit, agentId, itemIndex });
		return options.flatten ? offers.map(flattenOffer) : offers;
	},
});
