import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { resources, services } from './actions';
import { methods } from './methods';
import { actionNodeDescription, executeOperations, operationSubtitle } from './shared';

/**
 * The one action node: every operation of SkySlope Forms, Listings & Sales and Offers, as resources
 * and operations. Each resource's service credential is the only one shown for it.
 */
export class SkySlope implements INodeType {
	description: INodeTypeDescription = {
		...actionNodeDescription(
			{
				name: 'skySlope',
				displayName: 'SkySlope',
				description:
					'Work with SkySlope: Forms files, documents and e-signature; listings, sales and their bulk export; offers',
			},
			services,
		),
		icon: { light: 'file:skySlope.svg', dark: 'file:skySlope.dark.svg' },
		subtitle: operationSubtitle(resources),
		usableAsTool: true,
	};

	methods = methods;

	execute = executeOperations(resources);
}
