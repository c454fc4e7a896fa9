import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNodeDescription, executeOperations, operationSubtitle, type NodeIdentity } from '../shared';
import { resources } from './actions';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { formsService } from './service';

export const formsNode: NodeIdentity = { name: 'skySlopeForms', service: formsService };

export class SkySlopeForms implements INodeType {
	description: INodeTypeDescription = {
		...actionNodeDescription(
			formsNode,
			'Work with SkySlope Forms files, contacts, documents, envelopes and templates',
			resources,
			// 1.1: Envelope > Get Many sorts with a Sort collection (1: free-text Sieve sort); File >
			// Get Many sorts by the list item's fields (1 also offers Closing Date).
			[1, 1.1],
		),
		icon: { light: 'file:skySlopeForms.svg', dark: 'file:skySlopeForms.dark.svg' },
		subtitle: operationSubtitle(resources),
		usableAsTool: true,
	};

	methods = {
		listSearch: {
			searchCollaborators: listSearch.searchCollaborators,
			searchContacts: listSearch.searchContacts,
			searchDocuments: listSearch.searchDocuments,
			searchEnvelopes: listSearch.searchEnvelopes,
			searchFiles: listSearch.searchFiles,
			searchTemplates: listSearch.searchTemplates,
		},
		loadOptions: {
			getDocuments: loadOptions.getDocuments,
			getForms: loadOptions.getForms,
			getLibraries: loadOptions.getLibraries,
		},
	};

	execute = executeOperations(resources);
}
