import { withToolDescription } from '../../../shared/operation';
import { fileGetMany } from '../../helpers/fileList';

export default withToolDescription(
	fileGetMany('listing'),
	'Use when the user asks about the brokerage\'s listings in SkySlope (addresses, status, prices, agents, dates), newest first. Returns one compact record per listing (the full records when Simplify is off).',
);
