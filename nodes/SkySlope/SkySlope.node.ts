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

export class SkySlope implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SkySlope',
		name: 'skySlope',
		icon: { light: 'file:skySlope.svg', dark: 'file:skySlope.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Create, read and update SkySlope listings and sales, their contacts, commissions and forms; export them in bulk',
		defaults: { name: 'SkySlope' },
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
