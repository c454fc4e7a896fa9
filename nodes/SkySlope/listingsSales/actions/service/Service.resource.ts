import { defineResource } from '../../../shared';
import checkHealth from './checkHealth.operation';

export default defineResource({ value: 'service', name: 'Service Health', description: 'Whether the Listings & Sales service answers' }, [checkHealth]);
