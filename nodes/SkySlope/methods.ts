import * as formsListSearch from './forms/methods/listSearch';
import * as formsLoadOptions from './forms/methods/loadOptions';
import * as listingsSalesListSearch from './listingsSales/methods/listSearch';
import * as listingsSalesLoadOptions from './listingsSales/methods/loadOptions';
import * as listingsSalesResourceMapping from './listingsSales/methods/resourceMapping';
import * as offersListSearch from './offers/methods/listSearch';

type Method = (...args: never[]) => unknown;

/**
 * The methods of the three services as one node's: n8n finds a method by its name alone, so two
 * services may not share one (the import fails at once, and a unit test with it).
 */
function oneNamespace<T extends Method>(...modules: Array<Record<string, T>>): Record<string, T> {
	const all: Record<string, T> = {};
	for (const module of modules) {
		for (const [name, method] of Object.entries(module)) {
			if (name in all) throw new Error(`Two services name a method ${name}: rename one (the fields that call it too)`);
			all[name] = method;
		}
	}
	return all;
}

export const methods = {
	listSearch: oneNamespace(formsListSearch, listingsSalesListSearch, offersListSearch),
	loadOptions: oneNamespace(formsLoadOptions, listingsSalesLoadOptions),
	resourceMapping: oneNamespace(listingsSalesResourceMapping),
};
