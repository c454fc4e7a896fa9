import { defineResource } from '../../../shared';
import getAll from './getAll.operation';
import getFormVersions from './getFormVersions.operation';

export default defineResource({ value: 'library', name: 'Form Library', description: 'A library of forms: an association\'s or the brokerage\'s own' }, [getAll, getFormVersions]);
