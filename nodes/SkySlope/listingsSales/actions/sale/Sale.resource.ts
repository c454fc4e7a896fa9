import { defineResource } from '../../../shared';
import { withGetForm } from '../../helpers/formDriven';
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
import getAll from './getAll.operation';
import getCommissionLog from './getCommissionLog.operation';
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

export default defineResource({ value: 'sale', name: 'Sale', description: 'A sale file: the deal from contract to close, its agents, contacts and commissions' }, withGetForm('sale', [
	get,
	getAll,
	create,
	update,
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
	getCommissionLog,
	updateAgent,
	updateChecklistType,
	updateCoAgents,
	updateCommissionBreakdown,
	updateCommissionReferral,
	updateCommissionSplit,
	updateCommissions,
	updateEarnestMoneyDeposit,
	updateProperty,
]));
