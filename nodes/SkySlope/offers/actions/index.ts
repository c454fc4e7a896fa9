import type { Resource } from '../../shared/operation';

import agent from './agent/Agent.resource';
import offer from './offer/Offer.resource';
import report from './report/Report.resource';

/** Every resource of the SkySlope node (Offers): adding an operation is one file and one line. */
export const resources: Resource[] = [offer, agent, report];
