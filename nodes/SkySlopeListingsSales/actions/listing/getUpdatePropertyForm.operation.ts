import { filePropertyForm } from '../../helpers/fileOperations';

export default filePropertyForm('listing');
