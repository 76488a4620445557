declare const __OATF_VERSION__: string;

/** The version of the `oatf` package, injected at build time. */
export const VERSION: string =
  typeof __OATF_VERSION__ === "string" ? __OATF_VERSION__ : "0.0.0-dev";
