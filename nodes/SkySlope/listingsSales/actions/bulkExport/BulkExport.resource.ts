import { defineResource } from '../../../shared';
import exportFiles from './export.operation';

export default defineResource({ value: 'bulkExport', name: 'Bulk Export' }, [exportFiles]);
