// 4.1 service (health check, subscribers), 4.3 checklist types, 4.5 offices.
import type { Router, SandboxRequest } from '../core/router';
import { officeFields } from './catalog';
import { route, type Deps, guard } from './deps';
import { validate } from './fields';
import { guidParam, link, notFound, objectBody, ok, queryValue, unprocessable } from './http';
import type { ChecklistType, Office, User } from './types';

export function transactionTypeQuery(req: SandboxRequest): 'Listing' | 'Sale' | undefined {
	const raw = queryValue(req, 'transactionType');
	if (raw === undefined || raw === '') return undefined;
	const found = (['Listing', 'Sale'] as const).find((t) => t.toLowerCase() === raw.toLowerCase());
	if (!found) throw unprocessable([`transactionType: '${raw}' is not one of Listing, Sale`]);
	return found;
}

const checklistTypeView = (t: ChecklistType) => ({
	checklistTypeId: t.checklistTypeId,
	checklistTypeName: t.checklistTypeName,
	transactionType: t.transactionType,
});

const officeView = (o: Office) => ({
	officeGuid: o.officeGuid,
	officeId: o.officeId,
	officeName: o.officeName,
	phone: o.phone,
	address: o.address,
});

export function registerOffices(router: Router, deps: Deps): void {
	const { store } = deps;

	const office = (user: User, guid: string): Office => {
		const found = store.visibleOffices(user).find((o) => o.officeGuid === guid);
		if (!found) throw notFound(`Office ${guid} not found`);
		return found;
	};

	router.get(
		'/api/healthcheck',
		guard((req) => ok({ status: 'Healthy' }, [link(req, 'self', 'GET', '/api/healthcheck')])),
	);

	route(router, deps, 'GET', '/api/subscribers', (req, user) => {
		const visible = new Set(store.visibleOffices(user).map((o) => o.officeGuid));
		const users = user.userType === 'Agent' ? [user] : store.users.filter((u) => visible.has(u.officeGuid));
		const links = [link(req, 'offices', 'GET', '/api/offices')];
		for (const u of users.filter((x) => x.userType !== 'Auditor')) {
			const listingType = store.checklistTypesOf(u.officeGuid, 'Listing')[0];
			const saleType = store.checklistTypesOf(u.officeGuid, 'Sale')[0];
			links.push(
				link(req, 'listingForm', 'GET', '/api/files/listingForm', { userGuid: u.userGuid, checklistTypeId: listingType.checklistTypeId }),
				link(req, 'saleForm', 'GET', '/api/files/saleForm', { userGuid: u.userGuid, checklistTypeId: saleType.checklistTypeId }),
			);
		}
		return ok(
			{
				isMultiOffice: store.multiOffice,
				users: users.map((u) => ({ userGuid: u.userGuid, firstName: u.firstName, lastName: u.lastName, email: u.email, userType: u.userType })),
				transactionTypes: ['Listing', 'Sale'],
			},
			links,
		);
	});

	route(router, deps, 'GET', '/api/offices', (req, user) =>
		ok(
			{ offices: store.visibleOffices(user).map(officeView) },
			store.visibleOffices(user).map((o) => link(req, 'office', 'GET', `/api/offices/${o.officeGuid}`)),
		),
	);

	route(router, deps, 'GET', '/api/offices/:officeGuid', (req, user) => {
		const o = office(user, guidParam(req, 'officeGuid'));
		return ok({ office: officeView(o) }, [
			link(req, 'self', 'GET', `/api/offices/${o.officeGuid}`),
			link(req, 'update', 'PATCH', `/api/offices/${o.officeGuid}`),
			link(req, 'checklistTypes', 'GET', `/api/offices/${o.officeGuid}/checklistTypes`),
		]);
	});

	route(router, deps, 'PATCH', '/api/offices/:officeGuid', (req, user) => {
		const o = office(user, guidParam(req, 'officeGuid'));
		const { data, warnings } = validate(officeFields(), objectBody(req), { partial: true });
		if (user.userType === 'Agent') throw unprocessable(['Only a broker can update an office']);
		if (typeof data.officeName === 'string') o.officeName = data.officeName;
		if (data.phone !== undefined) o.phone = (data.phone as string | null) ?? null;
		if (data.address !== undefined) o.address = (data.address as Office['address']) ?? null;
		return ok({ office: officeView(o) }, [link(req, 'self', 'GET', `/api/offices/${o.officeGuid}`)], warnings.length ? warnings : null);
	});

	route(router, deps, 'GET', '/api/checklistTypes', (req, user) => {
		if (store.multiOffice) {
			throw unprocessable(['This brokerage has several offices: use /api/offices/{officeGuid}/checklistTypes']);
		}
		const tt = transactionTypeQuery(req);
		const only = store.visibleOffices(user)[0];
		return ok({ checklistTypes: store.checklistTypesOf(only.officeGuid, tt).map(checklistTypeView) }, [
			link(req, 'self', 'GET', '/api/checklistTypes', { transactionType: tt }),
		]);
	});

	route(router, deps, 'GET', '/api/offices/:officeGuid/checklistTypes', (req, user) => {
		const o = office(user, guidParam(req, 'officeGuid'));
		const tt = transactionTypeQuery(req);
		return ok({ checklistTypes: store.checklistTypesOf(o.officeGuid, tt).map(checklistTypeView) }, [
			link(req, 'self', 'GET', `/api/offices/${o.officeGuid}/checklistTypes`, { transactionType: tt }),
			link(req, 'office', 'GET', `/api/offices/${o.officeGuid}`),
		]);
	});
}
