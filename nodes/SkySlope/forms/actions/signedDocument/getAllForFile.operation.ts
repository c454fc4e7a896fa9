import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p, returnAllAndLimit } from '../../../shared';
import { SIGNED_DOCUMENT } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';
import { fileLocator } from '../../helpers/fields';
import { fileIdOf } from '../../helpers/parameters';

export default defineOperation({
	value: 'getAllForFile',
	name: 'Get Many for a File',
	action: 'Get many signed documents of file',
	toolDescription:
		'Use when the user asks for the signed documents of a Forms file (a signed purchase agreement, signed disclosures). Returns one record per signed document: documentId, documentName, envelopeName, dateSigned, documentAvailable; fileId and documentId are the reference the download and upload tools take.',
	description: 'List the signed documents of a file',
	properties: [fileLocator, ...returnAllAndLimit()],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		// The published reference shows both a bare array and {totalRecords, documents}: the reader takes either.
		return await wholeList(this, i, p`/documents/signed/${fileId}`, {
			kind: SIGNED_DOCUMENT,
			operation: 'Get many signed documents of a file',
		});
	},
});
