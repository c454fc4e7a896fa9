import { fileUpdateAgent } from '../fileOperations';

export default fileUpdateAgent('sale');
