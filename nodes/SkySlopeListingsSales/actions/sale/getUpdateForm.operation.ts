import { fileUpdateForm } from '../../helpers/fileOperations';

export default fileUpdateForm('sale');
