import { fileCommissionReferralForm } from '../fileOperations';

export default fileCommissionReferralForm('listing');
