import type { Resource } from '../../shared';
import bulkExport from './bulkExport/BulkExport.resource';
import checklistType from './checklistType/ChecklistType.resource';
import contact from './directoryContact/DirectoryContact.resource';
import listing from './listing/Listing.resource';
import office from './office/Office.resource';
import sale from './sale/Sale.resource';
import service from './service/Service.resource';
import subscriber from './subscriber/Subscriber.resource';

/** Every resource of the SkySlope node; a resource lists its operations. */
export const resources: Resource[] = [listing, sale, bulkExport, office, checklistType, contact, subscriber, service];
