import { withToolDescription } from '../../../shared/operation';
import { fileUpdateCommissions } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateCommissions('listing'),
	'Use to change the commissions of a listing. Returns the listingGuid and any warnings.',
);
