import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNodeDescription, executeOperations, operationSubtitle, type NodeIdentity } from '../shared';
import { resources } from './actions';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import * as resourceMapping from './methods/resourceMapping';
import { listingsService } from './service';

export const listingsSalesNode: NodeIdentity = { name: 'skySlopeListingsSales', service: listingsService };

export class SkySlopeListingsSales implements INodeType {
	description: INodeTypeDescription = {
		...actionNodeDescription(
			listingsSalesNode,
			'Create, read and update SkySlope listings and sales, their contacts, commissions and forms; export them in bulk',
			resources,
		),
		icon: { light: 'file:skySlopeListingsSales.svg', dark: 'file:skySlopeListingsSales.dark.svg' },
		subtitle: operationSubtitle(resources),
		usableAsTool: true,
	};

	methods = { listSearch, loadOptions, resourceMapping };

	execute = executeOperations(resources);
}
