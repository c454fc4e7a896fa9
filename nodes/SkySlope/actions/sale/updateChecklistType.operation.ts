import { fileUpdateChecklistType } from '../fileOperations';

export default fileUpdateChecklistType('sale');
