import { defineResource } from '../../../shared';
import getAll from './getAll.operation';

export default defineResource({ value: 'template', name: 'Template', description: 'A personal or broker template for new files' }, [getAll]);
