import { fileUpdateForm } from '../fileOperations';

export default fileUpdateForm('listing');
