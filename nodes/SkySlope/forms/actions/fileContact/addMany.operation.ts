import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { asNodeError, defineOperation, errorJson, noteWarnings, p } from '../../../shared';
import { contactFromParameters, contactFromRecord } from '../../helpers/contact';
import { contactAdditionalFields, contactRequiredFields, fileLocator, onBehalfOf } from '../../helpers/fields';
import { fileIdOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

/** The service takes at most this many contacts in one request. */
export const MAX_CONTACTS_PER_REQUEST = 100;

interface Member {
	itemIndex: number;
	contact: IDataObject;
}

interface Group {
	fileId: number;
	onBehalfOf?: string;
	members: Member[];
}

/** With continueOnFail: the error as the item's output, the way runOperations gives it. */
function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	return { json: errorJson(error, itemIndex), pairedItem: { item: itemIndex } };
}

export default defineOperation({
	value: 'addMany',
	name: 'Add Many',
	action: 'Add many contacts to file',
	toolDescription:
		'Use to add several contacts to a Forms file in one request. Returns how many were added and, per contact, its contactId, type and name.',
	description: 'Add one contact per input item, in one request per file',
	properties: [
		fileLocator,
		{
			displayName: 'Contacts From',
			name: 'inputMode',
			type: 'options',
			options: [
				{
					name: 'Fields Below',
					value: 'define',
					description: 'Describe each contact with the fields below, mapped from the item with expressions',
				},
				{
					name: 'Input Item Fields',
					value: 'autoMap',
					description:
						'Each input item is a contact with the service field names: type, firstName, lastName, email, actionAttribute, primaryAddress and so on',
				},
			],
			default: 'autoMap',
		},
		...contactRequiredFields.map((f) => ({ ...f, displayOptions: { show: { inputMode: ['define'] } } })),
		{ ...contactAdditionalFields, displayOptions: { show: { inputMode: ['define'] } } },
		onBehalfOf,
	],
	async executeBatch(this: IExecuteFunctions, items: INodeExecutionData[]) {
		const out: Array<INodeExecutionData | undefined> = new Array(items.length);
		const groups = new Map<string, Group>();
		// Every item is checked before the first request: bad input never reaches the service.
		for (let i = 0; i < items.length; i++) {
			try {
				const fileId = fileIdOf(this, i);
				const who = onBehalfOfOf(this, i);
				const mode = this.getNodeParameter('inputMode', i, 'autoMap') as string;
				const contact = mode === 'define' ? contactFromParameters(this, i) : contactFromRecord(this, i, items[i].json);
				const key = `${fileId}\u0000${who ?? ''}`;
				const group = groups.get(key) ?? { fileId, onBehalfOf: who, members: [] };
				group.members.push({ itemIndex: i, contact });
				groups.set(key, group);
			} catch (error) {
				if (!this.continueOnFail()) throw asNodeError(this.getNode(), error, i);
				out[i] = errorItem(error, i);
			}
		}
		for (const group of groups.values()) {
			for (let start = 0; start < group.members.length; start += MAX_CONTACTS_PER_REQUEST) {
				const members = group.members.slice(start, start + MAX_CONTACTS_PER_REQUEST);
				try {
					const response = await formsRequest.call(this, {
						method: 'POST',
						path: p`/files/${group.fileId}/contacts/bulk`,
						body: withOnBehalfOf({ contacts: members.map((m) => m.contact) }, group.onBehalfOf),
						itemIndex: members[0].itemIndex,
					});
					// The request went as the first item's; its warnings are every member's.
					for (const member of members.slice(1)) noteWarnings(this, member.itemIndex, response);
					const added = Array.isArray(response.contacts) ? (response.contacts as IDataObject[]) : [];
					const byIndex = new Map(added.map((entry, n) => [typeof entry.index === 'number' ? entry.index : n, entry]));
					members.forEach((member, n) => {
						const entry = byIndex.get(n);
						out[member.itemIndex] = {
							json: entry ? { fileId: group.fileId, added: true, ...entry } : { fileId: group.fileId, added: false, index: n },
							pairedItem: { item: member.itemIndex },
						};
					});
				} catch (error) {
					if (!this.continueOnFail()) throw asNodeError(this.getNode(), error, members[0].itemIndex);
					for (const member of members) out[member.itemIndex] = errorItem(error, member.itemIndex);
				}
			}
		}
		return out.filter((item): item is INodeExecutionData => item !== undefined);
	},
});
