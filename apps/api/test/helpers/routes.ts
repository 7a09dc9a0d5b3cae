// The API's routes as the route tests see them: what the running app registered (Fastify's own list) and what the
// modules' manifests declare. The isolation, permission and bad-input tests take their route tables from here, so a
// route no manifest declares fails them all.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteFacts, RouteKey } from '../../src/platform/module';
import type { Platform } from '../../src/platform/platform';
import { isApiPath } from '../../src/platform/http/guard';

/** A hand-written route of a manifest, with its module. */
export type DeclaredRoute = { key: RouteKey; module: string; facts: RouteFacts };

/** Every route the manifests declare by hand or as a document of the kit, by `METHOD /path`. */
export function declaredRoutes(platform: Platform): Map<string, DeclaredRoute> {
  const all = new Map<string, DeclaredRoute>();
  for (const module of platform.modules) {
    const documents = (module.documents ?? []).flatMap((d) => Object.entries(d.routes));
    for (const [key, facts] of [...Object.entries(module.routes), ...documents] as [RouteKey, RouteFacts][]) {
      if (all.has(key)) throw new Error(`${key} is declared by ${all.get(key)!.module} and ${module.name}`);
      all.set(key, { key, module: module.name, facts });
    }
  }
  return all;
}

/** The generic routes the kit gives each entity of the manifests (the kit suite attacks them). */
export function kitRoutes(platform: Platform): string[] {
  return platform.entities.all().flatMap((b) => {
    const base = `/${b.def.service}/${b.def.resource}`;
    return [`GET ${base}`, `POST ${base}`, `GET ${base}/lookup`, `GET ${base}/export`, `POST ${base}/import`, `GET ${base}/:id`, `PUT ${base}/:id`, `DELETE ${base}/:id`];
  });
}

/** Every API route Fastify knows, as `METHOD /path`, read from its route tree (HEAD is implied by GET). */
export function knownRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = (at - 1) / 4;
    const match = /^(.*?)(?: \(([^)]*)\))?$/.exec(line.slice(at + 3))!;
    stack[depth] = (depth > 0 ? stack[depth - 1]! : '') + match[1];
    for (const method of (match[2] ?? '').split(',').map((m) => m.trim()).filter((m) => m && m !== 'HEAD')) found.push(`${method} ${stack[depth]}`);
  }
  return found.filter((r) => isApiPath(r.split(' ')[1]!)).sort();
}

/** An API route as Fastify's onRoute hook saw it, with its declared access. */
export type SeenRoute = { key: string; method: string; url: string; access: unknown };

/** Collects the API routes an app registers (pass `onRoute` to createTestApp). */
export function routeRecorder(): { onRoute: (route: RouteOptions) => void; routes: SeenRoute[] } {
  const routes: SeenRoute[] = [];
  return {
    routes,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && isApiPath(route.url)) routes.push({ key: `${method} ${route.url}`, method, url: route.url, access: route.config?.access });
      }
    },
  };
}

/** API routes of the running app that no manifest declares, by hand or as an entity of the kit: each is a failure. */
export function undeclaredRoutes(seen: readonly string[], platform: Platform): string[] {
  const declared = new Set([...declaredRoutes(platform).keys(), ...kitRoutes(platform)]);
  return seen.filter((r) => !declared.has(r));
}
