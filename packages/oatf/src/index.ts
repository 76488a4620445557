export * from "@oatf/model";
export { VERSION } from "./version.js";
