import { fileAddCommissions } from '../fileOperations';

export default fileAddCommissions('sale');
