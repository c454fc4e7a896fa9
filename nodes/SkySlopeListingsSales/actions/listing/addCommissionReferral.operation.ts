import { fileAddCommissionReferral } from '../../helpers/fileOperations';

export default fileAddCommissionReferral('listing');
