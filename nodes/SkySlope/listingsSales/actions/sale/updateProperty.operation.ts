import { withToolDescription } from '../../../shared/operation';
import { fileUpdateProperty } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateProperty('sale'),
	'Use to set the address and property details of a sale. Returns the saleGuid and any warnings.',
);
