import { fileUpdateForm } from '../fileOperations';

export default fileUpdateForm('sale');
