import { fileUpdateCommissionReferral } from '../fileOperations';

export default fileUpdateCommissionReferral('sale');
