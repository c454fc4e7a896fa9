import { withToolDescription } from '../../../shared/operation';
import { fileUpdateCoAgents } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateCoAgents('listing'),
	'Use to replace the co-agents of a listing (zero to five). Returns the listingGuid.',
);
