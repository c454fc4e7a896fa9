import { withToolDescription } from '../../../shared/operation';
import { fileUpdateAgent } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateAgent('listing'),
	'Use to make another user of the brokerage the primary agent of a listing. Returns the listingGuid.',
);
