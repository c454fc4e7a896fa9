import { fileUpdateCommissions } from '../../helpers/fileOperations';

export default fileUpdateCommissions('sale');
