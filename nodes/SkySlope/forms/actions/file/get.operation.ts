import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, outputShaper, p, recordOutputFields } from '../../../shared';
import { fileLocator } from '../../helpers/fields';
import { fileIdOf } from '../../helpers/parameters';
import { FILE_FIELDS, simplifyFile } from '../../helpers/simplify';
import { FILE } from '../../helpers/kinds';
import { oneRecord } from '../../helpers/paging';

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get file',
	toolDescription:
		'Use when you have a Forms file ID and need its details. Returns the file: name, status, price, dates, address, its contacts and its document IDs (the full record when Simplify is off).',
	description: 'Get the details of a file: property, contacts, commissions, documents',
	properties: [fileLocator, ...recordOutputFields({ what: 'file', id: 'id', fields: FILE_FIELDS })],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const shape = outputShaper(
			{ ctx: this, itemIndex: i, get: (name, fallback) => this.getNodeParameter(name, i, fallback) },
			{ what: 'file', id: 'id', fields: FILE_FIELDS, simplify: simplifyFile },
		);
		const file = await oneRecord(
			this,
			p`/files/${fileId}`,
			{ kind: FILE, operation: 'Get a file', pick: (f) => String(f.id) === String(fileId) },
			{ itemIndex: i },
		);
		return shape(file);
	},
});
