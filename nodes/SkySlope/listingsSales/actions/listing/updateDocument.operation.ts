import { p } from '../../../shared';
import { guidOf, listingDocumentLocator, listingLocator, listingPath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'updateDocument',
	name: 'Update Document',
	action: 'Update document of listing',
	toolDescription:
		'Use to rename a document of a listing or change its review status. Returns the listingGuid and any warnings.',
	description: 'Rename a document of a listing or change its review status',
	method: 'PATCH',
	properties: [listingLocator(), listingDocumentLocator()],
	path: (r) => `${listingPath(r)}${p`/documents/${guidOf(r, 'documentGuid')}`}`,
	// The service publishes no form for documents: these are the fields it documents, and a field
	// not listed is sent as given (a client of the live service sends `FileName`, which works).
	form: {
		partial: true,
		open: true,
		fields: [
			{ fieldName: 'fileName', fieldType: 'String' },
			{ fieldName: 'documentStatusId', fieldType: 'Nullable<int>' },
		],
	},
});
