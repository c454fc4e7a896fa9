import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { p } from '../../shared';
import { DOCUMENT, FORM, LIBRARY } from '../helpers/kinds';
import { allRecords, firstRecords } from '../helpers/paging';
import { formIdOf } from '../helpers/simplify';
import { currentId } from '../helpers/currentId';

/** Forms are read a page of 500 at a time, and at most 20 pages for one list. */
const MAX_FORMS = 20 * 500;

export async function getLibraries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const libraries = await allRecords(this, '/libraries', { kind: LIBRARY, operation: 'Load libraries' });
	return libraries.map((l) => ({
		name: String(l.name ?? `Library ${String(l.id)}`),
		value: Number(l.id),
		description: typeof l.description === 'string' ? l.description : undefined,
	}));
}

/** The forms of the library chosen in `libraryId` (all of the caller's libraries when none is). */
export async function getForms(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const raw = this.getCurrentNodeParameter('libraryId');
	const libraryId = typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw)) ? Number(raw) : undefined;
	const qs: IDataObject = libraryId ? { libraryIds: libraryId } : {};
	const forms = await firstRecords(this, '/forms', { kind: FORM, operation: 'Load forms' }, qs, MAX_FORMS);
	return forms.map((f) => {
		const id = formIdOf(this, f);
		return { name: String(f.name ?? `Form ${id}`), value: id };
	});
}

/** The documents of the file chosen in `fileId`. */
export async function getDocuments(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const fileId = currentId(this, 'fileId');
	if (fileId === undefined) return [];
	const documents = await allRecords(this, p`/files/${fileId}/documents`, { kind: DOCUMENT, operation: 'Load documents' });
	return documents.map((d) => ({
		name: `${String(d.formName ?? 'Document')} (${String(d.id)})`,
		value: Number(d.id),
	}));
}
