import { withToolDescription } from '../../../shared/operation';
import { fileUpdateChecklistType } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateChecklistType('listing'),
	'Use to change the checklist type of a listing (the checklist type tool lists the IDs; a Commercial Lease type cannot become another type, nor the reverse). Returns the listingGuid.',
);
