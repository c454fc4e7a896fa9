import { withToolDescription } from '../../../shared/operation';
import { fileUpdate } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdate('sale'),
	'Use to change fields of a sale (the fields its update form lists). Returns the saleGuid and any warnings.',
);
