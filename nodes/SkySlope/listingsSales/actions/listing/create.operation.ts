import { withToolDescription } from '../../../shared/operation';
import { fileCreate } from '../../helpers/fileOperations';

export default withToolDescription(
	fileCreate('listing'),
	'Use to create a listing in an office for an agent with a checklist type; read its form first with Get Form to know the required fields. Returns the new listingGuid, links, and any warnings.',
);
