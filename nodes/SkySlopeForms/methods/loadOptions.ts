import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { p } from '../../shared';
import { formsRequest } from '../transport';
import { currentId } from './listSearch';

/** Forms are read a page of 500 at a time, and at most this many pages for one list. */
const FORM_PAGE_SIZE = 500;
const MAX_FORM_PAGES = 20;

function list(response: unknown, key: string): IDataObject[] {
	if (Array.isArray(response)) return response as IDataObject[];
	const records = (response as IDataObject | undefined)?.[key];
	return Array.isArray(records) ? (records as IDataObject[]) : [];
}

export async function getLibraries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const response = await formsRequest.call(this, { method: 'GET', path: '/libraries' });
	return list(response, 'libraries').map((l) => ({
		name: String(l.name ?? `Library ${String(l.id)}`),
		value: Number(l.id),
		description: typeof l.description === 'string' ? l.description : undefined,
	}));
}

/** The forms of the library chosen in `libraryId` (all of the caller's libraries when none is). */
export async function getForms(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const raw = this.getCurrentNodeParameter('libraryId');
	const libraryId = typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw)) ? Number(raw) : undefined;
	const options: INodePropertyOptions[] = [];
	for (let page = 1; page <= MAX_FORM_PAGES; page++) {
		const qs: IDataObject = { page, pageSize: FORM_PAGE_SIZE };
		if (libraryId) qs.libraryIds = libraryId;
		const response = await formsRequest.call(this, { method: 'GET', path: '/forms', qs });
		const forms = list(response, 'forms');
		for (const f of forms) options.push({ name: String(f.name ?? `Form ${String(f.id)}`), value: Number(f.id) });
		const total = typeof response.totalRecords === 'number' ? response.totalRecords : undefined;
		if (forms.length < FORM_PAGE_SIZE || (total !== undefined && page * FORM_PAGE_SIZE >= total)) break;
	}
	return options;
}

/** The documents of the file chosen in `fileId`. */
export async function getDocuments(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const fileId = currentId(this, 'fileId');
	if (fileId === undefined) return [];
	const response = await formsRequest.call(this, { method: 'GET', path: p`/files/${fileId}/documents` });
	return list(response, 'documents').map((d) => ({
		name: `${String(d.formName ?? 'Document')} (${String(d.id)})`,
		value: Number(d.id),
	}));
}
