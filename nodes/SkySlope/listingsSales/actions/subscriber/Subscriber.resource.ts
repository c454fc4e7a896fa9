import { defineResource } from '../../../shared';
import get from './get.operation';

export default defineResource({ value: 'subscriber', name: 'Subscriber', description: "The brokerage's users (agents), transaction types and offices" }, [get]);
