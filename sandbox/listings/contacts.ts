// 4.4 the contacts directory.
import type { Router } from '../core/router';
import { directoryContactFields } from './catalog';
import { route, type Deps } from './deps';
import { validate } from './fields';
import { guidParam, link, notFound, objectBody, ok, queryValue } from './http';
import type { Address, Contact, Dto } from './types';

const FILTERS = ['alternatePhone', 'city', 'company', 'email', 'fax', 'firstName', 'lastName', 'phone', 'state', 'streetName', 'streetNumber', 'zip'];
const ADDRESS_KEYS = ['streetNumber', 'streetName', 'city', 'state', 'zip'];

/** The flat directory form -> a Contact (address parts grouped). */
function apply(contact: Contact, data: Dto): void {
	const address: Address = contact.address ?? { streetNumber: null, streetName: null, unit: null, city: null, state: null, zip: null };
	for (const [k, v] of Object.entries(data)) {
		if (v === undefined) continue;
		if (ADDRESS_KEYS.includes(k)) (address as unknown as Dto)[k] = v;
		else contact[k] = v;
	}
	contact.address = address;
}

function flat(c: Contact): Record<string, string> {
	const out: Record<string, string> = {};
	for (const k of FILTERS) {
		const v = ADDRESS_KEYS.includes(k) ? (c.address as unknown as Dto | null)?.[k] : c[k];
		out[k] = v === null || v === undefined ? '' : String(v);
	}
	return out;
}

export function registerContacts(router: Router, deps: Deps): void {
	const { store } = deps;
	const find = (guid: string) => {
		const c = store.contacts.get(guid);
		if (!c) throw notFound(`Contact ${guid} not found`);
		return c;
	};

	route(router, deps, 'POST', '/api/contacts', (req) => {
		const { data, warnings } = validate(directoryContactFields(true), objectBody(req));
		const contact: Contact = { contactGuid: store.guid(), firstName: null, lastName: null, company: null, email: null, phone: null, alternatePhone: null, fax: null, address: null };
		apply(contact, data);
		// 2.6 rule 5: same names, email, address, phone and alternate phone as an existing contact -> a warning.
		const key = (c: Contact) => {
			const f = flat(c);
			return ['firstName', 'lastName', 'email', 'streetNumber', 'streetName', 'city', 'state', 'zip', 'phone', 'alternatePhone'].map((k) => f[k].toLowerCase()).join('|');
		};
		const duplicate = [...store.contacts.values()].find((c) => key(c) === key(contact));
		if (duplicate) warnings.push(`A contact with the same name, email, address and phones already exists (${duplicate.contactGuid})`);
		store.contacts.set(contact.contactGuid, contact);
		return ok({ contactGuid: contact.contactGuid, contact }, [link(req, 'update', 'PATCH', `/api/contacts/${contact.contactGuid}`)], warnings.length ? warnings : null);
	});

	/** Filters match case-insensitively, as substrings; they combine. */
	route(router, deps, 'GET', '/api/contacts', (req) => {
		const wanted = FILTERS.map((k) => [k, queryValue(req, k)] as const).filter(([, v]) => v !== undefined && v !== '');
		const contacts = [...store.contacts.values()].filter((c) => {
			const f = flat(c);
			return wanted.every(([k, v]) => f[k].toLowerCase().includes(String(v).toLowerCase()));
		});
		return ok({ contacts }, [link(req, 'create', 'POST', '/api/contacts')]);
	});

	route(router, deps, 'PATCH', '/api/contacts/:contactGuid', (req) => {
		const contact = find(guidParam(req, 'contactGuid'));
		const { data, warnings } = validate(directoryContactFields(true), objectBody(req), { partial: true });
		apply(contact, data);
		return ok({ contactGuid: contact.contactGuid, contact }, [], warnings.length ? warnings : null);
	});

	route(router, deps, 'DELETE', '/api/contacts/:contactGuid', (req) => {
		const guid = guidParam(req, 'contactGuid');
		find(guid);
		store.contacts.delete(guid);
		return { status: 204 };
	});
}
