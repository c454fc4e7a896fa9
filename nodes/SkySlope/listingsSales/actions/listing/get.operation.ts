import { withToolDescription } from '../../../shared/operation';
import { fileGet } from '../../helpers/fileOperations';

export default withToolDescription(
	fileGet('listing'),
	'Use when you have a listing GUID and need that listing: status, stage, price, address, dates, agent, documents. Returns one compact listing record (the full record when Simplify is off).',
);
