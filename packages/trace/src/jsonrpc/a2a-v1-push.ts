// A2A v1.0 push-notification configs read in the binding's v0.3 shape (format §7.2), as the
// official SDK's compatibility layer translates them (`@a2a-js/sdk` 1.3.0,
// `src/compat/v0_3/translate/`: `toCompatTaskPushNotificationConfig`,
// `toCompatPushNotificationConfig`, `toCompatAuthenticationInfo`). v1.0 is flat
// (`{taskId, id, url, token, authentication: {scheme, credentials}}`), v0.3 nests the config
// (`{taskId, pushNotificationConfig: {id, url, token, authentication: {schemes, credentials}}}`),
// so a binding target such as `pushNotificationConfig.token` sees the webhook token. Shallow
// copies only; anything not in the v1.0 shape is left as it is.
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";

type Obj = Record<string, unknown>;

/** The binding's push-notification operations (v1.0's are mapped onto these names). */
const PUSH = "tasks/pushNotificationConfig/";

function authenticationV03(auth: unknown): unknown {
  if (!isObject(auth) || typeof auth.scheme !== "string") return auth;
  const { scheme, ...rest } = auth;
  return { ...rest, schemes: scheme === "" ? [] : [scheme] };
}

/** One v1.0 `TaskPushNotificationConfig` as v0.3's; another value is returned as it is. */
export function pushConfigV03(config: unknown): unknown {
  if (!isObject(config) || config.pushNotificationConfig !== undefined) return config;
  if (typeof config.url !== "string") return config;
  const { taskId, tenant: _tenant, authentication, ...push } = config as Obj;
  if (authentication !== undefined) push.authentication = authenticationV03(authentication);
  return { ...(taskId === undefined ? {} : { taskId }), pushNotificationConfig: push };
}

/**
 * The content of a push-notification message (`operation` in the binding's name) in v0.3's
 * shape: `set`'s params, `set`/`get` results, `list`'s `{configs}` as v0.3's array.
 */
export function pushContentV03(operation: string, content: Value): Value {
  if (!operation.startsWith(PUSH)) return content;
  const o: unknown = content;
  if (isObject(o) && Array.isArray(o.configs)) return o.configs.map(pushConfigV03) as Value;
  return pushConfigV03(o) as Value;
}
