import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { buildNodeProperties, runOperations } from '../shared';
import { resources } from './actions';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import * as resourceMapping from './methods/resourceMapping';

export class SkySlopeListingsSales implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SkySlope Listings & Sales',
		name: 'skySlopeListingsSales',
		icon: { light: 'file:skySlopeListingsSales.svg', dark: 'file:skySlopeListingsSales.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Create, read and update SkySlope listings and sales, their contacts, commissions and forms; export them in bulk',
		defaults: { name: 'SkySlope Listings & Sales' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'skySlopeApi', required: true }],
		properties: buildNodeProperties(resources),
	};

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, resources);
	}
}
