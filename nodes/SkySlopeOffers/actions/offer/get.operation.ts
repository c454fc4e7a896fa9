import { checkPathId, defineOperation } from '../../../shared';
import { flattenOffer, getOffer } from '../../transport';
import { flattenOption } from '../fields';

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an offer',
	description: 'Retrieve one offer by its ID',
	properties: [
		{
			displayName: 'Offer ID',
			name: 'offerId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 3f2504e0-4f89-41d3-9a0c-0305e82c3301',
			description: 'The OfferId of the offer',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: [flattenOption],
		},
	],
	async execute(itemIndex) {
		const offerId = checkPathId(this, 'Offer ID', this.getNodeParameter('offerId', itemIndex), itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as { flatten?: boolean };
		const offer = await getOffer.call(this, offerId, itemIndex);
		if (!offer) return [];
		return options.flatten ? flattenOffer(offer) : offer;
	},
});
