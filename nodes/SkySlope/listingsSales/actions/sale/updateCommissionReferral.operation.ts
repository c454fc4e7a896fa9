import { withToolDescription } from '../../../shared/operation';
import { fileUpdateCommissionReferral } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateCommissionReferral('sale'),
	'Use to change the commission referral of a sale. Returns the saleGuid and any warnings.',
);
