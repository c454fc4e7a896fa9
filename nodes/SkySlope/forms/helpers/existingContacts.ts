import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { describeAnswer, p } from '../../shared';
import { FILE } from './kinds';
import { oneRecord } from './paging';

/**
 * "Skip If Already on File": the service takes no idempotency key, so a re-run (or a retry after a
 * worker died mid-write) would add every contact it had already added a second time. Reading the
 * file first and skipping the contacts it already holds makes such a replay safe.
 */

/** Type, first name, last name and e-mail, without case or surrounding spaces: what makes a contact the same one. */
function contactKey(contact: IDataObject): string {
	const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');
	return [contact.type, contact.firstName, contact.lastName, contact.email].map(text).join('\u0000');
}

// One read per file per execution, shared by the items in flight (keyed by the execution's context).
const readsByContext = new WeakMap<object, Map<number, Promise<Map<string, IDataObject>>>>();

async function contactsOnFile(ctx: IExecuteFunctions, fileId: number, i: number): Promise<Map<string, IDataObject>> {
	const file = await oneRecord(
		ctx,
		p`/files/${fileId}`,
		{ kind: FILE, operation: 'Add a contact (looking for contacts already on the file)', pick: (f) => String(f.id) === String(fileId) },
		{ itemIndex: i },
	);
	const contacts = file.contacts ?? [];
	if (!Array.isArray(contacts)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Add a contact: file ${fileId} came back with "contacts" that is not a list (${describeAnswer(contacts)}), so the node cannot tell which contacts are already on it`,
			{ itemIndex: i, description: "Nothing was added. Run the item again; to add the contact whatever the file holds, turn off Skip If Already on File." },
		);
	}
	const byKey = new Map<string, IDataObject>();
	for (const contact of contacts as IDataObject[]) {
		if (contact && typeof contact === 'object') byKey.set(contactKey(contact), contact);
	}
	return byKey;
}

/** The contact on the file that is the same as `contact`, if any (the file read once per execution). */
export async function contactAlreadyOnFile(
	ctx: IExecuteFunctions,
	fileId: number,
	contact: IDataObject,
	i: number,
): Promise<IDataObject | undefined> {
	let reads = readsByContext.get(ctx);
	if (!reads) readsByContext.set(ctx, (reads = new Map()));
	let read = reads.get(fileId);
	if (!read) {
		read = contactsOnFile(ctx, fileId, i);
		reads.set(fileId, read);
		// A failed read is not kept: the next item tries again.
		read.catch(() => reads!.delete(fileId));
	}
	return (await read).get(contactKey(contact));
}
