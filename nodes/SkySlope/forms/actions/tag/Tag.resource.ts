import { defineResource } from '../../../shared';
import getAll from './getAll.operation';

export default defineResource({ value: 'tag', name: 'Form Tag', description: 'A tag that groups forms' }, [getAll]);
