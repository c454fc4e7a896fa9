import { withToolDescription } from '../../../shared/operation';
import { fileUpdateChecklistType } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateChecklistType('sale'),
	'Use to change the checklist type of a sale (the checklist type tool lists the IDs; a Commercial Lease type cannot become another type, nor the reverse). Returns the saleGuid.',
);
