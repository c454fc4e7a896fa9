import { defineResource } from '../../../shared';
import addCommissionReferral from './addCommissionReferral.operation';
import addCommissions from './addCommissions.operation';
import addHomeWarrantyContact from './addHomeWarrantyContact.operation';
import addMiscellaneousContact from './addMiscellaneousContact.operation';
import addReferringAgent from './addReferringAgent.operation';
import addSellerContact from './addSellerContact.operation';
import create from './create.operation';
import get from './get.operation';
import getAddCommissionsForm from './getAddCommissionsForm.operation';
import getAddHomeWarrantyContactForm from './getAddHomeWarrantyContactForm.operation';
import getAddMiscellaneousContactForm from './getAddMiscellaneousContactForm.operation';
import getAddReferringAgentForm from './getAddReferringAgentForm.operation';
import getAddSellerContactForm from './getAddSellerContactForm.operation';
import getAll from './getAll.operation';
import getCoAgentsForm from './getCoAgentsForm.operation';
import getCommissionReferralForm from './getCommissionReferralForm.operation';
import getCreateForm from './getCreateForm.operation';
import getReferringAgent from './getReferringAgent.operation';
import getUpdateCommissionsForm from './getUpdateCommissionsForm.operation';
import getUpdateContactForm from './getUpdateContactForm.operation';
import getUpdateForm from './getUpdateForm.operation';
import getUpdatePropertyForm from './getUpdatePropertyForm.operation';
import getUpdateReferringAgentForm from './getUpdateReferringAgentForm.operation';
import update from './update.operation';
import updateAgent from './updateAgent.operation';
import updateChecklistType from './updateChecklistType.operation';
import updateCoAgents from './updateCoAgents.operation';
import updateCommissionReferral from './updateCommissionReferral.operation';
import updateCommissions from './updateCommissions.operation';
import updateContact from './updateContact.operation';
import updateCustomFields from './updateCustomFields.operation';
import updateDocument from './updateDocument.operation';
import updateOffice from './updateOffice.operation';
import updateProperty from './updateProperty.operation';
import updateReferringAgent from './updateReferringAgent.operation';
import updateStage from './updateStage.operation';

export default defineResource({ value: 'listing', name: 'Listing' }, [
	get,
	getAll,
	create,
	update,
	getCreateForm,
	getUpdateForm,
	updateAgent,
	updateChecklistType,
	updateCoAgents,
	getCoAgentsForm,
	addCommissionReferral,
	updateCommissionReferral,
	getCommissionReferralForm,
	addCommissions,
	getAddCommissionsForm,
	updateCommissions,
	getUpdateCommissionsForm,
	addHomeWarrantyContact,
	getAddHomeWarrantyContactForm,
	addMiscellaneousContact,
	getAddMiscellaneousContactForm,
	addSellerContact,
	getAddSellerContactForm,
	updateContact,
	getUpdateContactForm,
	updateDocument,
	updateOffice,
	updateProperty,
	getUpdatePropertyForm,
	addReferringAgent,
	getAddReferringAgentForm,
	getReferringAgent,
	updateReferringAgent,
	getUpdateReferringAgentForm,
	updateCustomFields,
	updateStage,
]);
