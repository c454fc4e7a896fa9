import { fileUpdateProperty } from '../fileOperations';

export default fileUpdateProperty('listing');
