import { withToolDescription } from '../../../shared/operation';
import { fileUpdate } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdate('listing'),
	'Use to change fields of a listing (the fields its update form lists). Returns the listingGuid and any warnings.',
);
