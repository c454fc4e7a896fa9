import { defineResource } from '../../../shared';
import getAll from './getAll.operation';

export default defineResource({ value: 'form', name: 'Form', description: 'A blank form, to add to a file' }, [getAll]);
