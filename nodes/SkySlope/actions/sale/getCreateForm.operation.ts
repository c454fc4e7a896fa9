import { fileCreateForm } from '../fileOperations';

export default fileCreateForm('sale');
