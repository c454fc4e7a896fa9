// Groups of the partner API (OpenAPI "Users" tag): AddGroup, AddChildGroup, AddGroupToUser,
// RemoveUserFromGroup. The service creates them in its accounts system; here they live in memory.
import { z } from 'zod';

import { ApiError, jsonBody, notFound, ok } from './http';
import type { FormsState } from './state';

const ADMIN_GROUPS = ['admin.groups'] as const;

/** Group ids are free text in the OpenAPI (`minLength: 1`); generated ones carry the documented prefix. */
const GENERATED_PREFIX = 'partnerApi_';

const addGroupSchema = z
	.object({
		brokerageId: z.string().min(1).max(200).optional(),
		brokerageName: z.string().max(500).optional(),
	})
	.strict();

const addChildSchema = z.object({ name: z.string().trim().min(1).max(500) }).strict();

export interface GroupRecord {
	id: string;
	brokerageName: string | null;
	parentId: string | null;
	name: string | null;
	members: Set<string>;
}

export function groupRoutes(s: FormsState): Map<string, GroupRecord> {
	const groups = new Map<string, GroupRecord>();
	const generatedId = () =>
		GENERATED_PREFIX + Array.from({ length: 12 }, () => Math.floor(s.random() * 16).toString(16)).join('');

	const groupOf = (id: string) => {
		const group = groups.get(id);
		if (!group) throw notFound(`Group ${id} was not found`);
		return group;
	};
	const userOf = (id: string) => {
		if (!s.store.users.has(id)) throw notFound(`User ${id} was not found`);
		return id;
	};

	// 201 created, 200 when a group with that brokerage id already exists.
	s.api('POST', '/group', ADMIN_GROUPS, (req) => {
		const input = req.body.length ? jsonBody(req, addGroupSchema) : {};
		const id = input.brokerageId ?? generatedId();
		if (groups.has(id)) return ok({ groupId: id }, 200);
		groups.set(id, { id, brokerageName: input.brokerageName ?? null, parentId: null, name: null, members: new Set() });
		return ok({ groupId: id }, 201);
	});

	// 201 created, 200 when the parent already has a child of that name.
	s.api('POST', '/groups/:groupId/child', ADMIN_GROUPS, (req) => {
		const parent = groupOf(req.params.groupId);
		const { name } = jsonBody(req, addChildSchema);
		const existing = [...groups.values()].find((g) => g.parentId === parent.id && g.name === name);
		if (existing) return ok({ childGroupId: existing.id }, 200);
		const id = generatedId();
		groups.set(id, { id, brokerageName: parent.brokerageName, parentId: parent.id, name, members: new Set() });
		return ok({ childGroupId: id }, 201);
	});

	s.api('POST', '/users/:userId/groups/:groupId', ADMIN_GROUPS, (req) => {
		const userId = userOf(req.params.userId);
		groupOf(req.params.groupId).members.add(userId);
		return { status: 204 };
	});

	s.api('DELETE', '/users/:userId/groups/:groupId', ADMIN_GROUPS, (req) => {
		const userId = userOf(req.params.userId);
		const group = groupOf(req.params.groupId);
		if (!group.members.delete(userId)) {
			throw new ApiError(404, `User ${userId} is not in group ${group.id}`, [`userId: not a member of ${group.id}`]);
		}
		return { status: 204 };
	});

	return groups;
}
