import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNodeDescription, executeOperations, operationSubtitle, type NodeIdentity } from '../shared';
import { resources } from './actions';
import * as listSearch from './methods/listSearch';
import { offersService } from './service';

export const offersNode: NodeIdentity = { name: 'skySlopeOffers', service: offersService };

export class SkySlopeOffers implements INodeType {
	description: INodeTypeDescription = {
		...actionNodeDescription(
			offersNode,
			'Read offers, agent listings with offers and offer reports from SkySlope Offers',
			resources,
		),
		icon: { light: 'file:skySlopeOffers.svg', dark: 'file:skySlopeOffers.dark.svg' },
		subtitle: operationSubtitle(resources),
		usableAsTool: true,
	};

	methods = {
		listSearch: { searchAgents: listSearch.searchAgents, searchOffers: listSearch.searchOffers },
	};

	execute = executeOperations(resources);
}
