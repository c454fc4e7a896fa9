import { withToolDescription } from '../../../shared/operation';
import { fileAddCommissions } from '../../helpers/fileOperations';

export default withToolDescription(
	fileAddCommissions('listing'),
	'Use to add the commissions of a listing. Returns the listingGuid and any warnings.',
);
