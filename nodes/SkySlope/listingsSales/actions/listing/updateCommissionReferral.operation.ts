import { withToolDescription } from '../../../shared/operation';
import { fileUpdateCommissionReferral } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateCommissionReferral('listing'),
	'Use to change the commission referral of a listing. Returns the listingGuid and any warnings.',
);
