import { fileGet } from '../fileOperations';

export default fileGet('listing');
