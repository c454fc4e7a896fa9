import { defineResource } from '../../../shared';
import applyTemplate from './applyTemplate.operation';
import create from './create.operation';
import get from './get.operation';
import getAll from './getAll.operation';
import importMls from './importMls.operation';
import replace from './replace.operation';
import subscribe from './subscribe.operation';
import updateDetails from './updateDetails.operation';

export default defineResource({ value: 'file', name: 'File', description: 'A transaction file: the property, the parties and the deal\'s dates' }, [
	getAll,
	get,
	create,
	updateDetails,
	replace,
	importMls,
	applyTemplate,
	subscribe,
]);
