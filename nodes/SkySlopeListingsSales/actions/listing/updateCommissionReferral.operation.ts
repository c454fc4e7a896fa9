import { fileUpdateCommissionReferral } from '../../helpers/fileOperations';

export default fileUpdateCommissionReferral('listing');
