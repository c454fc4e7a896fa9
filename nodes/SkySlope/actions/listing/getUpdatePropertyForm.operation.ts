import { filePropertyForm } from '../fileOperations';

export default filePropertyForm('listing');
