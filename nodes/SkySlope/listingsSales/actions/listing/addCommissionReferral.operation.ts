import { withToolDescription } from '../../../shared/operation';
import { fileAddCommissionReferral } from '../../helpers/fileOperations';

export default withToolDescription(
	fileAddCommissionReferral('listing'),
	'Use to add the commission referral of a listing. Returns the listingGuid and any warnings.',
);
