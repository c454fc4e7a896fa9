import { withToolDescription } from '../../../shared/operation';
import { fileAddCommissions } from '../../helpers/fileOperations';

export default withToolDescription(
	fileAddCommissions('sale'),
	'Use to add the commissions of a sale. Returns the saleGuid and any warnings.',
);
