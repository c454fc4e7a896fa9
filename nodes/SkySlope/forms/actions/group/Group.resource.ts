import { defineResource } from '../../../shared';
import addUser from './addUser.operation';
import create from './create.operation';
import createChild from './createChild.operation';
import removeUser from './removeUser.operation';

export default defineResource({ value: 'group', name: 'Group', description: 'A group of the brokerage\'s users' }, [create, createChild, addUser, removeUser]);
