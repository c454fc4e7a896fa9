import { fileUpdateCommissions } from '../fileOperations';

export default fileUpdateCommissions('sale');
