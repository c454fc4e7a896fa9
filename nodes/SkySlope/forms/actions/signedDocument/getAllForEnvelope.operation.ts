import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p, returnAllAndLimit } from '../../../shared';
import { SIGNED_DOCUMENT } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';
import { envelopeLocator, fileLocator } from '../../helpers/fields';
import { fileIdOf, locatorIdOf } from '../../helpers/parameters';

export default defineOperation({
	value: 'getAllForEnvelope',
	name: 'Get Many for an Envelope',
	action: 'Get many signed documents of envelope',
	toolDescription:
		'Use when you need the signed documents of one envelope of a Forms file. Returns one record per signed document: documentId, documentName, envelopeName, dateSigned, documentAvailable.',
	description: 'List the signed documents of one envelope of a file',
	properties: [fileLocator, envelopeLocator, ...returnAllAndLimit()],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const envelopeId = locatorIdOf(this, 'envelopeId', i);
		return await wholeList(this, i, p`/documents/signed/${fileId}/envelopes/${envelopeId}`, {
			kind: SIGNED_DOCUMENT,
			operation: 'Get many signed documents of an envelope',
		});
	},
});
