import { fileAddCommissions } from '../../helpers/fileOperations';

export default fileAddCommissions('sale');
