import { fileUpdateCoAgents } from '../fileOperations';

export default fileUpdateCoAgents('sale');
