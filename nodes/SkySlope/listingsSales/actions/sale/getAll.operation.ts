import { withToolDescription } from '../../../shared/operation';
import { fileGetMany } from '../../helpers/fileList';

export default withToolDescription(
	fileGetMany('sale'),
	'Use when the user asks about the brokerage\'s sales in SkySlope (addresses, status, prices, agents, dates), newest first. Returns one compact record per sale (the full records when Simplify is off).',
);
