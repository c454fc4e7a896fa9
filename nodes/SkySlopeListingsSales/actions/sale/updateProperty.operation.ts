import { fileUpdateProperty } from '../../helpers/fileOperations';

export default fileUpdateProperty('sale');
