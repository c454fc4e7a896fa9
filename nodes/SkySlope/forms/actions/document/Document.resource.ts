import { defineResource } from '../../../shared';
import addFromForms from './addFromForms.operation';
import deleteDocument from './delete.operation';
import download from './download.operation';
import downloadCombined from './downloadCombined.operation';
import get from './get.operation';
import getAll from './getAll.operation';
import updateFields from './updateFields.operation';
import upload from './upload.operation';

export default defineResource({ value: 'document', name: 'Document', description: 'A document in a file, its fields and its PDF' }, [
	getAll,
	get,
	addFromForms,
	updateFields,
	upload,
	download,
	downloadCombined,
	deleteDocument,
]);
