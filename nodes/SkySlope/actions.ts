import type { ServiceResources } from './shared';
import { resources as formsResources } from './forms/actions';
import { formsService } from './forms/service';
import { resources as listingsSalesResources } from './listingsSales/actions';
import { listingsService } from './listingsSales/service';
import { resources as offersResources } from './offers/actions';
import { offersService } from './offers/service';

/**
 * Every resource of the SkySlope node, service by service, each service behind its own credential.
 * The first resource (Forms File) is the node's default. Adding an operation is one file in its
 * resource's folder and one line in that resource; adding a resource is one line in its service's
 * actions/index.ts.
 */
export const services: ServiceResources[] = [
	{ service: formsService, resources: formsResources },
	{ service: listingsService, resources: listingsSalesResources },
	{ service: offersService, resources: offersResources },
];

export const resources = services.flatMap((s) => s.resources);
