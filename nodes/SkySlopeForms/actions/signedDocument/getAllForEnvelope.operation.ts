import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { formsRequest } from '../../transport';
import { envelopeLocator, fileLocator, limitField, returnAllField } from '../descriptions';
import { fileIdOf, applyLimit, locatorIdOf, recordsOf, listLimit } from '../utils';

export default defineOperation({
	value: 'getAllForEnvelope',
	name: 'Get Many for an Envelope',
	action: 'Get many signed documents of an envelope',
	description: 'List the signed documents of one envelope of a file',
	properties: [fileLocator, envelopeLocator, returnAllField, limitField],
	async execute(this: IExecuteFunctions, i: number) {
		const limit = listLimit(this, i);
		const fileId = fileIdOf(this, i);
		const envelopeId = locatorIdOf(this, 'envelopeId', i);
		const response = await formsRequest.call(this, {
			method: 'GET',
			path: p`/documents/signed/${fileId}/envelopes/${envelopeId}`,
			itemIndex: i,
		});
		return applyLimit(recordsOf(response, 'documents'), limit);
	},
});
