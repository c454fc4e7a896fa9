import { defineOperation } from '../../../shared/operation';
import { optionsField } from '../../../shared/fields';
import { flattenOption, offerIdField, readOfferId } from '../../helpers/fields';
import { flattenOffer } from '../../helpers/flatten';
import { getOffer } from '../../helpers/offers';

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an offer',
	description: 'Retrieve one offer by its ID',
	properties: [offerIdField(), optionsField([flattenOption])],
	async execute(itemIndex) {
		const offerId = readOfferId(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as { flatten?: boolean };
		const offer = await getOffer.call(this, offerId, itemIndex);
		if (!offer) return [];
		return options.flatten ? flattenOffer(offer) : offer;
	},
});
