import { fileUpdateCommissions } from '../../helpers/fileOperations';

export default fileUpdateCommissions('listing');
