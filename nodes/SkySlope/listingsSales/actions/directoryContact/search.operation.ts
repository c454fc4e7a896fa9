import { withToolDescription } from '../../../shared/operation';
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { checkString } from '../../../shared';
import { CONTACT } from '../../helpers/kinds';
import { listRead } from '../../helpers/reads';
import { SEARCH_FILTERS } from '../../helpers/contactFields';

const title = (name: string) => name.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

const filterOptions: INodeProperties[] = SEARCH_FILTERS.map((name) => ({
	displayName: title(name),
	name,
	type: 'string',
	default: '',
	description: `Contacts whose ${title(name).toLowerCase()} contains this text`,
	...(name === 'email' ? { placeholder: 'e.g. nathan@example.com' } : {}),
}));

export default withToolDescription(
	listRead({
		value: 'search',
		name: 'Search',
		action: 'Search contacts',
		description: 'Find contacts of the brokerage directory; filters match parts of fields and combine',
		properties: [
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				options: filterOptions,
			},
		],
		path: () => '/api/contacts',
		qs: (r) => {
			const filters = (r.get('filters') as IDataObject | undefined) ?? {};
			const qs: IDataObject = {};
			for (const name of SEARCH_FILTERS) {
				if (filters[name] === undefined || filters[name] === '') continue;
				qs[name] = checkString(r.ctx, `Filters: ${title(name)}`, filters[name], r.itemIndex, { maxLength: 500 });
			}
			return qs;
		},
		kind: CONTACT,
	}),
	'Use to find contacts of the brokerage\'s directory by parts of name, email, phone or company. Returns one record per matching contact with its contactGuid.',
);
