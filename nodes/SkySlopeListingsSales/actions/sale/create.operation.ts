import { fileCreate } from '../../helpers/fileOperations';

export default fileCreate('sale');
