import { fileCoAgentsForm } from '../fileOperations';

export default fileCoAgentsForm('sale');
