import { defineResource } from '../../../shared';
import exportFiles from './export.operation';

export default defineResource({ value: 'bulkExport', name: 'Bulk Export', description: 'Every listing and sale of the account in one streamed read' }, [exportFiles]);
