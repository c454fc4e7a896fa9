// Routes of the OpenAPI document the service documents lack: GetFormTags, GetLibraryFormVersions,
// GetBuyerAgreementsByMarket. Read from the same forms, libraries and files as the rest.
import { z } from 'zod';

import { badRequest, notFound, ok, parseId, queryParams } from './http';
import { filterWith, type SieveFields } from './sieve';
import type { FormsState } from './state';
import type { FileRecord, FormRecord } from './store';

const tagsQuery = z.object({ ids: z.string().optional() }).strict();
const noQuery = z.object({}).strict();
const agreementsQuery = z.object({ filters: z.string().optional() }).strict();

/** Tags are form attributes written as kebab-case keys (as the OpenAPI example shows). */
function tagsOf(form: FormRecord): Record<string, string> {
	return Object.fromEntries(
		Object.entries(form.attributes).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), v]),
	);
}

interface BuyerAgreement {
	id: number;
	memberName: string;
	memberId: string;
	executionDate: string | null;
	expirationDate: string | null;
	completedDate: string | null;
	isCarBRBC: boolean;
}

const AGREEMENT_FIELDS: SieveFields<BuyerAgreement> = {
	id: { type: 'number', get: (a) => a.id },
	membername: { type: 'string', get: (a) => a.memberName },
	memberid: { type: 'string', get: (a) => a.memberId },
	executiondate: { type: 'date', get: (a) => (a.executionDate ? Date.parse(a.executionDate) : null) },
	expirationdate: { type: 'date', get: (a) => (a.expirationDate ? Date.parse(a.expirationDate) : null) },
	completeddate: { type: 'date', get: (a) => (a.completedDate ? Date.parse(a.completedDate) : null) },
	iscarbrbc: { type: 'boolean', get: (a) => a.isCarBRBC },
};

export function formVersionRoutes(s: FormsState): void {
	const { store } = s;
	const formsOfUser = (userId: string) => {
		const mine = new Set(store.users.get(userId)?.libraryIds ?? []);
		return [...store.forms.values()].filter((f) => mine.has(f.libraryId));
	};

	s.api('GET', '/tags', ['forms.forms.read'], (req, token) => {
		const q = queryParams(req, tagsQuery);
		let forms = formsOfUser(token.userId);
		if (q.ids !== undefined) {
			const parts = q.ids.split(',').map((p) => p.trim());
			if (parts.some((p) => !/^\d{1,10}$/.test(p))) {
				throw badRequest('ids must be a comma-separated list of form version ids', [`ids: '${q.ids}' is not a list of integers`]);
			}
			const wanted = new Set(parts.map(Number));
			forms = forms.filter((f) => wanted.has(f.versionId));
		}
		const records = forms.sort((a, b) => a.versionId - b.versionId).map((f) => ({ id: f.versionId, tags: tagsOf(f) }));
		return ok({ totalRecords: records.length, records });
	});

	s.api('GET', '/libraries/:libraryId/form-versions', ['forms.libraries.read'], (req, token) => {
		queryParams(req, noQuery);
		const libraryId = parseId('libraryId', req.params.libraryId);
		const mine = store.users.get(token.userId)?.libraryIds ?? [];
		if (!store.libraries.has(libraryId) || !mine.includes(libraryId)) throw notFound(`Library ${libraryId} was not found`);
		const formVersions = [...store.forms.values()]
			.filter((f) => f.libraryId === libraryId)
			.sort((a, b) => a.versionId - b.versionId)
			.map((f) => ({
				id: f.versionId,
				formId: f.id,
				name: f.name,
				attributes: { ...f.attributes },
				publishedVersionId: f.versionId,
				thumbnailUrl: `https://forms.example.com/thumbnails/${f.versionId}.png`,
			}));
		return ok({ totalRecords: formVersions.length, formVersions });
	});

	/** A buyer agreement per buyer file the caller can see: the market is the caller's own. */
	s.api('GET', '/buyer-agreements/market', ['forms.buyerAgreements.restrictedRead'], (req, token) => {
		const q = queryParams(req, agreementsQuery);
		const user = store.users.get(token.userId);
		const files = [...store.files.values()].filter(
			(f: FileRecord) => f.type === 'File' && !f.isDeleted && f.representationType === 'Buyer' && store.canAccess(f),
		);
		const agreements: BuyerAgreement[] = files
			.sort((a, b) => a.id - b.id)
			.map((f) => ({
				id: f.id,
				memberName: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(),
				memberId: `M${user?.subscriberId ?? ''}`,
				executionDate: f.acceptanceDate ? `${f.acceptanceDate.slice(0, 10)}T12:00:00.000Z` : null,
				expirationDate: f.closingDate ? `${f.closingDate.slice(0, 10)}T12:00:00.000Z` : null,
				completedDate: f.status === 'closed' ? f.updatedOn : null,
				isCarBRBC: f.property.state === 'CA',
			}));
		const found = filterWith(agreements, q.filters, AGREEMENT_FIELDS);
		return ok({ totalRecords: found.length, files: found });
	});
}
