import { withToolDescription } from '../../../shared/operation';
import { fileUpdateAgent } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateAgent('sale'),
	'Use to make another user of the brokerage the primary agent of a sale. Returns the saleGuid.',
);
