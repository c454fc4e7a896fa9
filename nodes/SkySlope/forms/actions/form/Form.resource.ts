import { defineResource } from '../../../shared';
import getAll from './getAll.operation';

export default defineResource({ value: 'form', name: 'Form' }, [getAll]);
