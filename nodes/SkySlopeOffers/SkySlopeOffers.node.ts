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

export class SkySlopeOffers implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SkySlope Offers',
		name: 'skySlopeOffers',
		icon: { light: 'file:skySlopeOffers.svg', dark: 'file:skySlopeOffers.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Read offers, agent listings with offers and offer reports from SkySlope Offers',
		defaults: { name: 'SkySlope Offers' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'skySlopeOffersOAuth2Api', required: true }],
		properties: buildNodeProperties(resources),
	};

	methods = {
		listSearch: { searchAgents: listSearch.searchAgents, searchOffers: listSearch.searchOffers },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, resources);
	}
}
