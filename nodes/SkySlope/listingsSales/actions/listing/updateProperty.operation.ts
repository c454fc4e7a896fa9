import { withToolDescription } from '../../../shared/operation';
import { fileUpdateProperty } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateProperty('listing'),
	'Use to set the address and property details of a listing. Returns the listingGuid and any warnings.',
);
