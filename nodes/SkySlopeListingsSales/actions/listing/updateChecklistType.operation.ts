import { fileUpdateChecklistType } from '../../helpers/fileOperations';

export default fileUpdateChecklistType('listing');
