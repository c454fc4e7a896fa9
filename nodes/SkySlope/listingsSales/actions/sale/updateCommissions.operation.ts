import { withToolDescription } from '../../../shared/operation';
import { fileUpdateCommissions } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateCommissions('sale'),
	'Use to change the commissions of a sale. Returns the saleGuid and any warnings.',
);
