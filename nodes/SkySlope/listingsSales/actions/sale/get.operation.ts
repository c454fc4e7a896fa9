import { withToolDescription } from '../../../shared/operation';
import { fileGet } from '../../helpers/fileOperations';

export default withToolDescription(
	fileGet('sale'),
	'Use when you have a sale GUID and need that sale: status, stage, price, address, dates, agent. Returns one compact sale record (the full record when Simplify is off).',
);
