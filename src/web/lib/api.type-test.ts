import { client, read } from './api.ts';

/**
 * Compile-time checks of the typed client, run by `npm run typecheck` and never called: each line below must stay a
 * type error, so a client that stopped checking paths, methods or shapes against the routes fails the typecheck.
 */
export async function typedClientRefusals(): Promise<void> {
  // @ts-expect-error a path no route defines
  await client.api.groups[':groupId'].nothing.$get({ param: { groupId: 'g' } });
  // @ts-expect-error a method the route does not have
  await client.api.groups.$put({ json: { name: 'Resa' } });
  // @ts-expect-error a body of the wrong shape
  await client.api.groups.$post({ json: { title: 'Resa' } });
  // @ts-expect-error a path parameter left out
  await client.api.expenses[':expenseId'].$get({ param: {} });
  // @ts-expect-error a query parameter the route does not read
  await client.api.groups[':groupId'].expenses.$get({ param: { groupId: 'g' }, query: { page: '2' } });
  const { group } = await read(client.api.groups[':groupId'].$get({ param: { groupId: 'g' } }));
  // @ts-expect-error the answer's type is the route's: a group's name is text
  const name: number = group.name;
  void name;
}
