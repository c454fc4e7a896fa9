import { withToolDescription } from '../../../shared/operation';
import { fileUpdateCoAgents } from '../../helpers/fileOperations';

export default withToolDescription(
	fileUpdateCoAgents('sale'),
	'Use to replace the co-agents of a sale (zero to five). Returns the saleGuid.',
);
