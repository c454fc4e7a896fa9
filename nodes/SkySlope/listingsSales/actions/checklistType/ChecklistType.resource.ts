import { defineResource } from '../../../shared';
import getAll from './getAll.operation';

export default defineResource({ value: 'checklistType', name: 'Checklist Type', description: 'The document checklists a listing or sale can follow' }, [getAll]);
