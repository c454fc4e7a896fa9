import { fileAddCommissionsForm } from '../fileOperations';

export default fileAddCommissionsForm('listing');
