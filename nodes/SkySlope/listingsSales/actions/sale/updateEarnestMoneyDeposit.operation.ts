import type { IDataObject } from 'n8n-workflow';

import { checkNumber, inputError, toIsoDateTime } from '../../../shared';
import { saleLocator, salePath, type Reader } from '../../helpers/fields';
import { simpleRequest } from '../../helpers/formDriven';

const AMOUNTS = ['DepositAmount', 'AdditionalDepositAmount'];
const DATES = ['DepositDueDate', 'AdditionalDepositDueDate', 'DateOfCheck', 'DatePostedToLogBook'];

/** The deposit goes in the query string (spec 4.8), each value checked first. */
function depositQuery(r: Reader): IDataObject {
	const fields = (r.get('deposit') as IDataObject | undefined) ?? {};
	const qs: IDataObject = {};
	for (const name of AMOUNTS) {
		if (fields[name] !== undefined && fields[name] !== '') qs[name] = checkNumber(r.ctx, `Deposit: ${name}`, fields[name], r.itemIndex);
	}
	for (const name of DATES) {
		if (fields[name]) qs[name] = toIsoDateTime(r.ctx, `Deposit: ${name}`, fields[name], r.itemIndex);
	}
	if (typeof fields.IsEarnestMoneyHeld === 'boolean') qs.IsEarnestMoneyHeld = fields.IsEarnestMoneyHeld;
	if (Object.keys(qs).length === 0) throw inputError(r.ctx, 'Deposit', r.itemIndex, 'add at least one field');
	return qs;
}

const amount = (name: string, displayName: string) => ({
	displayName,
	name,
	type: 'number' as const,
	default: 0,
	typeOptions: { numberPrecision: 2 },
});
const date = (name: string, displayName: string) => ({ displayName, name, type: 'dateTime' as const, default: '' });

export default simpleRequest({
	value: 'updateEarnestMoneyDeposit',
	name: 'Update Earnest Money Deposit',
	action: 'Update earnest money deposit of sale',
	toolDescription:
		'Use to set the earnest money deposit of a sale: amounts, dates and whether it is held. Returns the saleGuid.',
	description: 'Set amounts, dates and whether the earnest money is held',
	method: 'PATCH',
	properties: [
		saleLocator(),
		{
			displayName: 'Deposit',
			name: 'deposit',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				amount('AdditionalDepositAmount', 'Additional Deposit Amount'),
				date('AdditionalDepositDueDate', 'Additional Deposit Due Date'),
				date('DateOfCheck', 'Date of Check'),
				date('DatePostedToLogBook', 'Date Posted to Log Book'),
				amount('DepositAmount', 'Deposit Amount'),
				date('DepositDueDate', 'Deposit Due Date'),
				{
					displayName: 'Is Earnest Money Held',
					name: 'IsEarnestMoneyHeld',
					type: 'boolean',
					default: true,
					description: 'Whether the brokerage holds the earnest money',
				},
			],
		},
	],
	path: (r) => `${salePath(r)}/earnestMoneyDeposit`,
	qs: depositQuery,
});
