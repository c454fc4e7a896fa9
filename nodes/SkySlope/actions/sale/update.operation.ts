import { fileUpdate } from '../fileOperations';

export default fileUpdate('sale');
