import { fileAddCommissions } from '../fileOperations';

export default fileAddCommissions('listing');
