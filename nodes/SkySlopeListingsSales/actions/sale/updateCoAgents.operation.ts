import { fileUpdateCoAgents } from '../../helpers/fileOperations';

export default fileUpdateCoAgents('sale');
