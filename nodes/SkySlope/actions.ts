import type { ServiceResources } from './shared';
import { resources as formsResources } from './forms/actions';
import { formsService } from './forms/service';
import { resources as listingsSalesResources } from './listingsSales/actions';
import { listingsService } from './listingsSales/service';
import { resources as offersResources } from './offers/actions';
import { offersService } from './offers/service';

/**
 * Every resource of the SkySlope node, service by service, each service behind its own credential:
 * the node's Service list, and under each service its resources. The first service and its first
 * resource (Forms, File) are the node's default. The service values are saved in workflows: never
 * rename them. Adding an operation is one file in its resource's folder and one line in that
 * resource; adding a resource is one line in its service's actions/index.ts.
 */
export const services: ServiceResources[] = [
	{
		value: 'forms',
		name: 'Forms',
		description: 'SkySlope Forms: transaction files, their documents and contacts, e-signature envelopes, forms',
		service: formsService,
		resources: formsResources,
	},
	{
		value: 'listingsSales',
		name: 'Listings & Sales',
		description: 'SkySlope transaction management: listings, sales, offices, contacts, bulk export',
		service: listingsService,
		resources: listingsSalesResources,
	},
	{
		value: 'offers',
		name: 'Offers',
		description: 'SkySlope Offers: offers on listings, agents with offers, counts',
		service: offersService,
		resources: offersResources,
	},
];

export const resources = services.flatMap((s) => s.resources);
