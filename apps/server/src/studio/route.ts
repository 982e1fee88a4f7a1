import { type StudioCallName, studioCalls } from '@efir/contract';
import { routeOf, studioSecurity, studioTag } from '../lib/route.ts';

/** A studio call ready for `app.route`: its method, path and schemas from the contract, its
 * OpenAPI tag, and the name the access hook (access.ts) looks its `access` up by. */
export function studioRoute<K extends StudioCallName>(name: K, options: { successStatus?: 200 | 201 } = {}) {
  const route = routeOf(`studio${name.charAt(0).toUpperCase()}${name.slice(1)}`, studioCalls[name], {
    ...options,
    tag: { name: studioTag, security: studioSecurity },
  });
  return { ...route, config: { ...route.config, studioCall: name } };
}
