import { defineOperation } from '../../../shared/operation';
import { optionsField, simplifyField } from '../../../shared/fields';
import { flattenOption, offerIdField, offerOutput, readOfferId } from '../../helpers/fields';
import { getOffer } from '../../helpers/offers';

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get offer',
	toolDescription:
		'Use when you have an offer ID and need that offer: price, status, terms, contingencies, dates, property. Returns one compact offer record (the full RESO record when Simplify is off).',
	description: 'Retrieve one offer by its ID',
	properties: [offerIdField(), simplifyField(), optionsField([flattenOption])],
	async execute(itemIndex) {
		const offerId = readOfferId(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as { flatten?: boolean };
		const offer = await getOffer.call(this, offerId, itemIndex);
		if (!offer) return [];
		return offerOutput(this, itemIndex, options.flatten)(offer);
	},
});
