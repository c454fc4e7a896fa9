import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p, simplifyField } from '../../../shared';
import { fileLocator } from '../../helpers/fields';
import { fileIdOf } from '../../helpers/parameters';
import { simplifyFile } from '../../helpers/simplify';
import { FILE } from '../../helpers/kinds';
import { oneRecord } from '../../helpers/paging';

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a file',
	description: 'Get the details of a file: property, contacts, commissions, documents',
	// Items are independent and the service publishes no tight limit: five in flight hide network latency.
	concurrency: 5,
	properties: [fileLocator, simplifyField()],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const simplify = this.getNodeParameter('simplify', i, true) as boolean;
		const file = await oneRecord(
			this,
			p`/files/${fileId}`,
			{ kind: FILE, operation: 'Get a file', pick: (f) => String(f.id) === String(fileId) },
			{ itemIndex: i },
		);
		return simplify ? simplifyFile(file) : file;
	},
});
