import { fileCreateForm } from '../../helpers/fileOperations';

export default fileCreateForm('sale');
