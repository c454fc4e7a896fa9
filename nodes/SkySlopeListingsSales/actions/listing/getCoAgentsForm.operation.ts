import { fileCoAgentsForm } from '../../helpers/fileOperations';

export default fileCoAgentsForm('listing');
