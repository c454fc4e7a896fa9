import { withToolDescription } from '../../../shared/operation';
import { fileAddCommissionReferral } from '../../helpers/fileOperations';

export default withToolDescription(
	fileAddCommissionReferral('sale'),
	'Use to add the commission referral of a sale. Returns the saleGuid and any warnings.',
);
