import { fileUpdate } from '../fileOperations';

export default fileUpdate('listing');
