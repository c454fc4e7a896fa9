import { fileAddCommissionsForm } from '../fileOperations';

export default fileAddCommissionsForm('sale');
