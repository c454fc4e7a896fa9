import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { buildNodeProperties, runOperations } from '../shared';
import { resources } from './actions';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';

export class SkySlopeForms implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SkySlope Forms',
		name: 'skySlopeForms',
		icon: { light: 'file:skySlopeForms.svg', dark: 'file:skySlopeForms.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Work with SkySlope Forms files, contacts, documents, envelopes and templates',
		defaults: { name: 'SkySlope Forms' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'skySlopeFormsOAuth2Api', required: true }],
		properties: buildNodeProperties(resources),
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

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, resources);
	}
}
