import { defineResource } from '../../../shared';
import { withGetForm } from '../../helpers/formDriven';
import addCommissionReferral from './addCommissionReferral.operation';
import addCommissions from './addCommissions.operation';
import addHomeWarrantyContact from './addHomeWarrantyContact.operation';
import addMiscellaneousContact from './addMiscellaneousContact.operation';
import addReferringAgent from './addReferringAgent.operation';
import addSellerContact from './addSellerContact.operation';
import create from './create.operation';
import get from './get.operation';
import getAll from './getAll.operation';
import getReferringAgent from './getReferringAgent.operation';
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

export default defineResource({ value: 'listing', name: 'Listing', description: 'A listing file: the property for sale, its agents, contacts and commissions' }, withGetForm('listing', [
	get,
	getAll,
	create,
	update,
	updateAgent,
	updateChecklistType,
	updateCoAgents,
	addCommissionReferral,
	updateCommissionReferral,
	addCommissions,
	updateCommissions,
	addHomeWarrantyContact,
	addMiscellaneousContact,
	addSellerContact,
	updateContact,
	updateDocument,
	updateOffice,
	updateProperty,
	addReferringAgent,
	getReferringAgent,
	updateReferringAgent,
	updateCustomFields,
	updateStage,
]));
