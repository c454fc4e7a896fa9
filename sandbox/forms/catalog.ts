// What the caller can use: ListForms, ListLibraries, ListCollaborators, GetUserProfile.
import { FILES_READ } from './contacts';
import { ok, pageOf, queryParams } from './http';
import { inNaming } from './naming';
import { formsQuery } from './schemas';
import type { FormsState } from './state';

export function catalogRoutes(s: FormsState): void {
	const { store } = s;

	s.api('GET', '/forms', ['forms.forms.read'], (req, token) => {
		const q = queryParams(req, formsQuery);
		const mine = new Set(store.users.get(token.userId)?.libraryIds ?? []);
		// Library ids the user cannot access are ignored (spec 4.25).
		const wanted = q.libraryIds ? new Set(q.libraryIds.filter((id) => mine.has(id))) : mine;
		const forms = [...store.forms.values()]
			.filter((f) => wanted.has(f.libraryId))
			.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
		return ok({
			totalRecords: forms.length,
			forms: pageOf(forms, q.page, q.pageSize).map((f) =>
				inNaming(store.naming, 'form', { id: f.id, name: f.name, libraryId: f.libraryId, attributes: { ...f.attributes } }),
			),
		});
	});

	s.api('GET', '/libraries', ['forms.libraries.read'], (_req, token) => {
		const ids = store.users.get(token.userId)?.libraryIds ?? [];
		const libraries = ids.map((id) => store.libraries.get(id)).filter((l) => l !== undefined);
		return ok({
			totalRecords: libraries.length,
			libraries: libraries.map((l) => ({
				id: l.id,
				name: l.name,
				description: l.description,
				state: l.state,
				formCount: [...store.forms.values()].filter((f) => f.libraryId === l.id).length,
			})),
		});
	});

	s.api('GET', '/collaborators', FILES_READ, () => {
		const collaborators = store.collaborators.map((c) => {
			const u = store.users.get(c.userId);
			return {
				id: c.userId,
				firstName: u?.firstName ?? null,
				middleName: u?.middleName ?? null,
				lastName: u?.lastName ?? null,
				suffix: u?.suffix ?? null,
				isReceivingAccess: c.isReceivingAccess,
				isSharingAccess: c.isSharingAccess,
				isGroupUser: c.isGroupUser,
			};
		});
		return ok({ totalRecords: collaborators.length, collaborators });
	});

	s.api('GET', '/users/profile', [], (_req, token) => {
		const u = store.users.get(token.userId);
		return ok({
			id: token.userId,
			subscriberId: u?.subscriberId ?? '',
			firstName: u?.firstName ?? '',
			middleName: u?.middleName ?? null,
			lastName: u?.lastName ?? '',
			suffix: u?.suffix ?? null,
			email: u?.email ?? null,
		});
	});
}
