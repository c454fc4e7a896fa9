import { fileAddCommissionsForm } from '../../helpers/fileOperations';

export default fileAddCommissionsForm('listing');
