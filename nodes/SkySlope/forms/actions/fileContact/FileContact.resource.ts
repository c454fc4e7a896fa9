import { defineResource } from '../../../shared';
import add from './add.operation';
import addMany from './addMany.operation';
import deleteContact from './delete.operation';
import update from './update.operation';

export default defineResource({ value: 'fileContact', name: 'File Contact', description: 'A person on a file: buyer, seller, agent, lender, and the like' }, [add, addMany, update, deleteContact]);
