import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { LISTINGS_SALES_EVENTS, listingsSalesTriggerFields, pollListingsSales } from './listingsSales/trigger';
import type { TriggerEvent } from './listingsSales/helpers/triggerState';
import { searchOfferAgents } from './offers/methods/listSearch';
import { OFFERS_EVENTS, offersTriggerFields, pollOffersEvent } from './offers/trigger';
import { triggerEvents, triggerNodeDescription } from './shared';
import { refuseBesideSigningTrigger } from './shared/sharedWorkflow';

const events = triggerEvents([...LISTINGS_SALES_EVENTS, ...OFFERS_EVENTS], 'newListing');
const isOffersEvent = (event: string) => OFFERS_EVENTS.some((e) => e.value === event);

/**
 * The polling trigger of listings, sales and offers: one Trigger On list, the credential of the
 * chosen event's service, and each poll handed to that service's watch. Signed documents come by
 * webhook, to the SkySlope Signing Trigger (n8n runs a node type either as a poller or as a webhook:
 * docs/VERIFICATION.md).
 */
export class SkySlopeTrigger implements INodeType {
	description: INodeTypeDescription = {
		...triggerNodeDescription({
			name: 'skySlopeTrigger',
			displayName: 'SkySlope Trigger',
			description: 'Starts the workflow when SkySlope listings or sales are created, changed or change status, or when offers come in',
			properties: [events.field, ...listingsSalesTriggerFields, ...offersTriggerFields],
		}),
		// Written out for the linters that read the source; test/shared/node.test.ts holds the lists
		// to the events. Keyed by `/event`, the root-path form of the same parameter: n8n's editor
		// takes an options parameter whose name the credentials' `show` use and whose every value they
		// list as the node's "main authentication field", drops it from the panel and resets it
		// whenever a credential is filled in, so keyed by `event` Trigger On was lost as the node was
		// added. The editor looks that field up by name, and no parameter is named `/event`; n8n's
		// display check reads `/event` from the node's parameters as it reads `event`, and n8n's
		// lint rule single-credential-per-node sees two exclusive `show` lists (docs/VERIFICATION.md,
		// "How the editor reads the nodes").
		credentials: [
			{
				name: 'skySlopeApi',
				required: true,
				displayOptions: { show: { '/event': ['changedListing', 'changedSale', 'newListing', 'newSale', 'statusChanged'] } },
			},
			{ name: 'skySlopeOffersOAuth2Api', required: true, displayOptions: { show: { '/event': ['newAndUpdatedOffers', 'newOffers'] } } },
		],
		icon: { light: 'file:skySlope.svg', dark: 'file:skySlope.dark.svg' },
		subtitle: events.subtitle,
	};

	methods = {
		listSearch: { searchOfferAgents },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		refuseBesideSigningTrigger(this);
		const event = this.getNodeParameter('event') as string;
		return isOffersEvent(event) ? await pollOffersEvent.call(this, event) : await pollListingsSales.call(this, event as TriggerEvent);
	}
}
