import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p, simplifyField } from '../../../shared';
import { fileLocator } from '../../helpers/fields';
import { fileIdOf } from '../../helpers/parameters';
import { simplifyFile } from '../../helpers/simplify';
import { formsRequest } from '../../transport';

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
		const file = await formsRequest.call(this, { method: 'GET', path: p`/files/${fileId}`, itemIndex: i });
		return simplify ? simplifyFile(file) : file;
	},
});
