import { fileUpdateAgent } from '../../helpers/fileOperations';

export default fileUpdateAgent('listing');
