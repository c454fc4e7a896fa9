import { defineResource } from '../../../shared';
import create from './create.operation';
import deleteContact from './delete.operation';
import search from './search.operation';
import update from './update.operation';

export default defineResource({ value: 'directoryContact', name: 'Directory Contact', description: 'A person in the account\'s contacts directory' }, [create, search, update, deleteContact]);
