import { fileUpdateCommissionsForm } from '../fileOperations';

export default fileUpdateCommissionsForm('listing');
