import { fileCreate } from '../fileOperations';

export default fileCreate('listing');
