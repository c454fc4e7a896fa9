import { defineResource } from '../../../shared';
import getAll from './getAll.operation';
import getFormVersions from './getFormVersions.operation';

export default defineResource({ value: 'library', name: 'Form Library' }, [getAll, getFormVersions]);
