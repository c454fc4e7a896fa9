import { fileUpdateCommissionsForm } from '../../helpers/fileOperations';

export default fileUpdateCommissionsForm('listing');
