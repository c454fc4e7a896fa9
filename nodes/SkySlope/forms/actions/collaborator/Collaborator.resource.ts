import { defineResource } from '../../../shared';
import getAll from './getAll.operation';

export default defineResource({ value: 'collaborator', name: 'Collaborator', description: 'A person a file is shared with' }, [getAll]);
