import { fileGet } from '../../helpers/fileOperations';

export default fileGet('sale');
