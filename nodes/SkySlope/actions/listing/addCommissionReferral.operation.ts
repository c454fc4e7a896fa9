import { fileAddCommissionReferral } from '../fileOperations';

export default fileAddCommissionReferral('listing');
