import { fileUpdateCommissions } from '../fileOperations';

export default fileUpdateCommissions('listing');
