import { fileUpdate } from '../../helpers/fileOperations';

export default fileUpdate('listing');
