import { defineResource } from '../../../shared';
import addAttorneyContact from './addAttorneyContact.operation';
import addBuyerContact from './addBuyerContact.operation';
import addCommissionLog from './addCommissionLog.operation';
import addCommissionReferral from './addCommissionReferral.operation';
import addCommissions from './addCommissions.operation';
import addEscrowContact from './addEscrowContact.operation';
import addHomeWarrantyContact from './addHomeWarrantyContact.operation';
import addLenderContact from './addLenderContact.operation';
import addMiscellaneousContact from './addMiscellaneousContact.operation';
import addOtherSideAgentContact from './addOtherSideAgentContact.operation';
import addSellerContact from './addSellerContact.operation';
import addTitleContact from './addTitleContact.operation';
import create from './create.operation';
import get from './get.operation';
import getAddAttorneyContactForm from './getAddAttorneyContactForm.operation';
import getAddBuyerContactForm from './getAddBuyerContactForm.operation';
import getAddCommissionsForm from './getAddCommissionsForm.operation';
import getAddEscrowContactForm from './getAddEscrowContactForm.operation';
import getAddHomeWarrantyContactForm from './getAddHomeWarrantyContactForm.operation';
import getAddLenderContactForm from './getAddLenderContactForm.operation';
import getAddMiscellaneousContactForm from './getAddMiscellaneousContactForm.operation';
import getAddOtherSideAgentContactForm from './getAddOtherSideAgentContactForm.operation';
import getAddSellerContactForm from './getAddSellerContactForm.operation';
import getAddTitleContactForm from './getAddTitleContactForm.operation';
import getAll from './getAll.operation';
import getCoAgentsForm from './getCoAgentsForm.operation';
import getCommissionBreakdownForm from './getCommissionBreakdownForm.operation';
import getCommissionLog from './getCommissionLog.operation';
import getCommissionReferralForm from './getCommissionReferralForm.operation';
import getCommissionSplitForm from './getCommissionSplitForm.operation';
import getCreateForm from './getCreateForm.operation';
import getUpdateCommissionsForm from './getUpdateCommissionsForm.operation';
import getUpdateForm from './getUpdateForm.operation';
import getUpdatePropertyForm from './getUpdatePropertyForm.operation';
import update from './update.operation';
import updateAgent from './updateAgent.operation';
import updateChecklistType from './updateChecklistType.operation';
import updateCoAgents from './updateCoAgents.operation';
import updateCommissionBreakdown from './updateCommissionBreakdown.operation';
import updateCommissionReferral from './updateCommissionReferral.operation';
import updateCommissionSplit from './updateCommissionSplit.operation';
import updateCommissions from './updateCommissions.operation';
import updateEarnestMoneyDeposit from './updateEarnestMoneyDeposit.operation';
import updateProperty from './updateProperty.operation';

export default defineResource({ value: 'sale', name: 'Sale' }, [
	get,
	getAll,
	create,
	update,
	getCreateForm,
	getUpdateForm,
	addAttorneyContact,
	addBuyerContact,
	addCommissionLog,
	addCommissionReferral,
	addCommissions,
	addEscrowContact,
	addHomeWarrantyContact,
	addLenderContact,
	addMiscellaneousContact,
	addOtherSideAgentContact,
	addSellerContact,
	addTitleContact,
	getAddAttorneyContactForm,
	getAddBuyerContactForm,
	getAddCommissionsForm,
	getAddEscrowContactForm,
	getAddHomeWarrantyContactForm,
	getAddLenderContactForm,
	getAddMiscellaneousContactForm,
	getAddOtherSideAgentContactForm,
	getAddSellerContactForm,
	getAddTitleContactForm,
	getCoAgentsForm,
	getCommissionBreakdownForm,
	getCommissionLog,
	getCommissionReferralForm,
	getCommissionSplitForm,
	getUpdateCommissionsForm,
	getUpdatePropertyForm,
	updateAgent,
	updateChecklistType,
	updateCoAgents,
	updateCommissionBreakdown,
	updateCommissionReferral,
	updateCommissionSplit,
	updateCommissions,
	updateEarnestMoneyDeposit,
	updateProperty,
]);
