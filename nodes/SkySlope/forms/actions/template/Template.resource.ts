import { defineResource } from '../../../shared';
import getAll from './getAll.operation';

export default defineResource({ value: 'template', name: 'Template' }, [getAll]);
