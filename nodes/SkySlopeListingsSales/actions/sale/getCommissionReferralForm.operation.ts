import { fileCommissionReferralForm } from '../../helpers/fileOperations';

export default fileCommissionReferralForm('sale');
